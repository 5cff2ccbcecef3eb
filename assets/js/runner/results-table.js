/* The reader's results as a table: one row per style, cold and warm medians,
the cost per call over nested callbacks and the ratio to them, each with its
95 % interval; a style that failed its conformance check says so instead,
with what failed. A figure without an interval says "no interval yet" while
the run goes on, and why it has none once the run has ended. Numbers are
written as the site's tables write them (chart-format.js, cost-format.js). */
'use strict';
var format = require('../chart-format');
var cost = require('../cost-format');

var STATUS = {
  waiting: 'waiting', checking: 'checking its conformance', checked: 'checked, waiting', running: 'running',
  done: '', 'not run': 'stopped before its first repetition'
};

function el(tag, text, cls) {
  var e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// ended: the run is over, so a missing interval will not come; why: what
// it lacked, said then.
function interval(ci, write, ended, why) {
  if (ci) return write(ci[0]) + ' to ' + write(ci[1]);
  return ended ? 'no interval: ' + why : 'no interval yet';
}

function tooFew(count, what) {
  return 'only ' + count + ' ' + what + (count === 1 ? '' : 's');
}

// A figure cell: the value, and its interval on a line below.
function figure(value, ci, write, ended, why) {
  var td = el('td', null, 'num');
  if (value === null || value === undefined) { td.textContent = '–'; return td; }
  td.appendChild(el('span', write(value)));
  td.appendChild(el('small', interval(ci, write, ended, why), 'runner-ci'));
  return td;
}

function costCells(row, ended) {
  if (row.baseline) return [el('td', 'baseline', 'num'), el('td', cost.ratio(1), 'num')];
  var c = row.cost;
  if (!c) return [el('td', '–', 'num'), el('td', '–', 'num')];
  var why = 'too few steady repetitions here or of the baseline';
  return [figure(c.costUs, c.costCi95Us, cost.perCall, ended, why), figure(c.ratio, c.ratioCi95, cost.ratio, ended, why)];
}

function repsText(row) {
  var parts = [String(row.reps)];
  if (row.unsteady) parts.push(row.unsteady + ' unsteady');
  if (row.crashed) parts.push(row.crashed + ' crashed');
  if (row.hiddenReruns) parts.push(row.hiddenReruns + ' rerun: tab hidden');
  return parts.join(', ');
}

function failedRow(row, tr) {
  tr.className = 'runner-failed';
  var td = el('td', null, 'runner-problems');
  td.colSpan = 5;
  td.appendChild(el('strong', 'failed its conformance check, not timed: '));
  var first = row.problems[0];
  td.appendChild(el('span', first.name + ': ' + first.problems[0].split('\n')[0]));
  if (row.problems.length > 1) td.appendChild(el('span', ' (and ' + (row.problems.length - 1) + ' more)'));
  tr.appendChild(td);
}

// rows: figures.rows(); caption: what the figures are; ended: whether the
// run is over → the caption and the <table> in the site's
// sideways-scrolling wrapper (site.css .table-scroll); the caption stays
// outside it, so a narrow screen wraps it instead of scrolling it away.
function resultsTable(rows, caption, ended) {
  var out = document.createDocumentFragment();
  var id = 'runner-caption-' + Math.random().toString(36).slice(2);
  out.appendChild(el('p', caption, 'runner-caption')).id = id;
  var wrap = out.appendChild(el('div', null, 'table-scroll'));
  var table = wrap.appendChild(el('table', null, 'runner-table'));
  table.setAttribute('aria-labelledby', id);
  var head = el('tr');
  ['Style', 'Cold (ms)', 'Warm (ms)', 'Per call (µs)', 'Ratio', 'Repetitions'].forEach(function (t, i) {
    var th = el('th', t, i ? 'num' : null);
    th.scope = 'col';
    head.appendChild(th);
  });
  table.appendChild(el('thead')).appendChild(head);
  var body = table.appendChild(el('tbody'));
  rows.forEach(function (row) {
    var tr = body.appendChild(el('tr'));
    tr.setAttribute('data-style', row.id);
    tr.setAttribute('data-status', row.status);
    var th = tr.appendChild(el('th', row.title));
    th.scope = 'row';
    if (STATUS[row.status]) th.appendChild(el('small', STATUS[row.status], 'runner-ci'));
    if (row.status === 'failed') return failedRow(row, tr);
    tr.appendChild(figure(row.cold.value, row.cold.ci, format.measurement, ended, tooFew(row.cold.count, 'repetition')));
    tr.appendChild(figure(row.warm.value, row.warm.ci, format.measurement, ended, tooFew(row.warm.count, 'steady repetition')));
    costCells(row, ended).forEach(function (td) { tr.appendChild(td); });
    tr.appendChild(el('td', repsText(row), 'num'));
  });
  return out;
}

module.exports = { resultsTable: resultsTable };
