/* The runner's controls, built in the panel once it opens: the two runs a
reader picks with one click (the quick run, ticked when the panel opens, and
the full set), the style picker (grouped by family, the baseline always on),
the styles a browser cannot run with why, the repetitions and the warm
series, the estimate of how long the chosen run takes, start, stop,
download, a progress bar and a status line. Only elements: what they do is
index.js's. */
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
      box.checked = s.id === config.comparison.baseline;
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

// warmChoices: [[batches, text], ...], the first is the quick run's.
// → { root, reps, warm, quick, full, estimate, start, stop, download,
// progress, status, label, results, verdict, chosen(), setPlan(plan), plan(), lock(running) }
function controls(config, minReps, warmChoices, labelText) {
  var root = el('div', { class: 'runner-controls' });
  var label = root.appendChild(el('p', { class: 'runner-label' }, labelText));
  var plans = root.appendChild(el('div', { class: 'runner-plans', role: 'group', 'aria-label': 'Runs to pick with one click' }));
  var quick = plans.appendChild(el('button', { type: 'button', class: 'runner-quick', 'aria-pressed': 'true' }));
  var full = plans.appendChild(el('button', { type: 'button', class: 'runner-full', 'aria-pressed': 'false' }));
  root.appendChild(picker(config));
  if (config.unavailable.length) root.appendChild(unavailable(config));
  var settings = root.appendChild(el('div', { class: 'runner-settings' }));
  var repsLabel = settings.appendChild(el('label', { class: 'runner-reps' }, 'Steady repetitions per style '));
  var reps = repsLabel.appendChild(el('input', { type: 'number', min: String(minReps), max: '50', step: '1', value: String(minReps) }));
  var warmLabel = settings.appendChild(el('label', { class: 'runner-warm' }, 'Warm batches per repetition '));
  var warm = warmLabel.appendChild(el('select'));
  warmChoices.forEach(function (c) { warm.appendChild(el('option', { value: String(c[0]) }, c[1])); });
  var estimate = root.appendChild(el('p', { class: 'runner-estimate', 'aria-live': 'polite' }));
  var actions = root.appendChild(el('div', { class: 'runner-actions' }));
  var start = actions.appendChild(el('button', { type: 'button', class: 'runner-start' }, 'Start'));
  var stop = actions.appendChild(el('button', { type: 'button', class: 'runner-stop', disabled: '' }, 'Stop'));
  var download = actions.appendChild(el('button', { type: 'button', class: 'runner-download', disabled: '' }, 'Download the results (JSON)'));
  var progress = root.appendChild(el('progress', { class: 'runner-progress', max: '1', value: '0', 'aria-label': 'Progress of the run' }));
  var status = root.appendChild(el('p', { class: 'runner-status', role: 'status' }, 'Ready.'));
  var results = root.appendChild(el('div', { class: 'runner-results' }));
  var verdict = root.appendChild(el('div', { class: 'runner-verdict-box' }));
  var boxes = function () { return Array.prototype.slice.call(root.querySelectorAll('.runner-styles input')); };
  var chosen = function () {
    return boxes().filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
  };
  return {
    root: root, reps: reps, warm: warm, quick: quick, full: full, estimate: estimate, start: start, stop: stop, download: download,
    progress: progress, status: status, label: label, results: results, verdict: verdict, chosen: chosen,
    // plan: { styles, reps, warmBatches }: ticks its styles (the baseline
    // stays ticked) and sets its repetitions and warm series.
    setPlan: function (plan) {
      boxes().forEach(function (b) { b.checked = b.value === config.comparison.baseline || plan.styles.indexOf(b.value) >= 0; });
      reps.value = String(plan.reps);
      warm.value = String(plan.warmBatches);
    },
    plan: function () {
      return { styles: chosen(), reps: Math.max(minReps, Math.round(Number(reps.value)) || minReps), warmBatches: Number(warm.value) };
    },
    lock: function (running) {
      boxes().forEach(function (b) {
        b.disabled = running || b.value === config.comparison.baseline;
      });
      [reps, warm, quick, full].forEach(function (c) { c.disabled = running; });
      start.disabled = running;
      stop.disabled = !running;
    }
  };
}

module.exports = { controls: controls };
