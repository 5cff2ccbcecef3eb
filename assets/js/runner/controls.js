/* The runner's controls, built in the panel once it opens: the style picker
(grouped by family, the defaults ticked, the baseline always on), the styles
a browser cannot run with why, the repetitions, start, stop, download, a
progress bar and a status line. Only elements: what they do is index.js's. */
'use strict';

function el(tag, attrs, text) {
  var e = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (text !== undefined) e.textContent = text;
  return e;
}

function familyTitle(f) { return f.replace(/-/g, ' '); }

function picker(config) {
  var box = el('fieldset', { class: 'runner-styles' });
  box.appendChild(el('legend', {}, 'Styles to run'));
  var families = [];
  config.styles.forEach(function (s) { if (families.indexOf(s.family) < 0) families.push(s.family); });
  families.forEach(function (f) {
    var group = el('div', { class: 'runner-family' });
    group.appendChild(el('span', { class: 'runner-family-name' }, familyTitle(f)));
    var items = group.appendChild(el('div', { class: 'runner-family-items' }));
    config.styles.filter(function (s) { return s.family === f; }).forEach(function (s) {
      var label = el('label', { class: 'runner-style' });
      var box = el('input', { type: 'checkbox', value: s.id });
      box.checked = s.default || s.id === config.comparison.baseline;
      if (s.id === config.comparison.baseline) {
        box.disabled = true;
        label.title = 'The baseline: every ratio and cost per call is taken against it';
      }
      label.appendChild(box);
      label.appendChild(document.createTextNode(' ' + s.title));
      items.appendChild(label);
    });
    box.appendChild(group);
  });
  return box;
}

function unavailable(config) {
  var d = el('details', { class: 'runner-unavailable' });
  d.appendChild(el('summary', {}, config.unavailable.length + ' styles a browser cannot run here, and why'));
  var ul = d.appendChild(el('ul'));
  config.unavailable.forEach(function (u) {
    var li = ul.appendChild(el('li'));
    li.appendChild(el('strong', {}, u.title));
    li.appendChild(document.createTextNode(': ' + u.reason));
  });
  return d;
}

// → { root, boxes(), reps, start, stop, download, progress, status, label, results }
function controls(config, minReps, defaultReps, labelText) {
  var root = el('div', { class: 'runner-controls' });
  var label = root.appendChild(el('p', { class: 'runner-label' }, labelText));
  root.appendChild(picker(config));
  if (config.unavailable.length) root.appendChild(unavailable(config));
  var actions = root.appendChild(el('div', { class: 'runner-actions' }));
  var repsLabel = actions.appendChild(el('label', { class: 'runner-reps' }, 'Repetitions per style '));
  var reps = repsLabel.appendChild(el('input', { type: 'number', min: String(minReps), max: '50', step: '1', value: String(defaultReps) }));
  var start = actions.appendChild(el('button', { type: 'button', class: 'runner-start' }, 'Start'));
  var stop = actions.appendChild(el('button', { type: 'button', class: 'runner-stop', disabled: '' }, 'Stop'));
  var download = actions.appendChild(el('button', { type: 'button', class: 'runner-download', disabled: '' }, 'Download the results (JSON)'));
  var progress = root.appendChild(el('progress', { class: 'runner-progress', max: '1', value: '0', 'aria-label': 'Progress of the run' }));
  var status = root.appendChild(el('p', { class: 'runner-status', role: 'status' }, 'Ready.'));
  var results = root.appendChild(el('div', { class: 'runner-results' }));
  return {
    root: root, reps: reps, start: start, stop: stop, download: download, progress: progress, status: status, label: label, results: results,
    chosen: function () {
      return Array.prototype.filter.call(root.querySelectorAll('.runner-styles input'), function (b) { return b.checked; })
        .map(function (b) { return b.value; });
    },
    lock: function (running) {
      Array.prototype.forEach.call(root.querySelectorAll('.runner-styles input'), function (b) {
        b.disabled = running || b.value === config.comparison.baseline;
      });
      reps.disabled = running;
      start.disabled = running;
      stop.disabled = !running;
    }
  };
}

module.exports = { controls: controls };
