/* The reader's ratios to nested callbacks, placed beside ours in the chart
the build drew from Node 24's data (site/models/cost.js, browserRatios):
this fills the chart's second column, its data table and its JSON in the
very format the build writes (site/render/chart-html.js, chart-format.js), and
asks charts.js to draw it again ("chartdata"). So the reader's chart is the
site's Flot chart, with its legend, tooltips, filter and CSV. */
'use strict';
var format = require('../chart-format');

var YOURS = 1; // the reader's column: the second category

function threeFigures(v) {
  return v === null || v === undefined ? null : Number(v.toPrecision(3));
}

// A series' row of the data table: keyed by its label (data-series), which
// the row shows by its style's name (site/render/chart-html.js).
function tableRow(table, label) {
  return Array.prototype.filter.call(table.tBodies[0].rows, function (tr) {
    var th = tr.cells[0];
    return (th.getAttribute('data-series') || th.textContent) === label;
  })[0] || null;
}

// fig: the chart's <figure>; ratios: { styleId: { ratio, ci: [lo, hi] | null, reps } }
// for the styles of the reader's run that have one; ran: the ids of every
// style the run holds (they are the ones shown); label: the column's name
// (the browser). Styles the chart has no series for (no figure of ours) are
// left out.
function fillReaderColumn(fig, ratios, ran, label) {
  var script = fig.querySelector('.chart-json');
  var table = fig.querySelector('.chart-table table');
  if (!script || !table) return false;
  var wire = JSON.parse(script.textContent);
  wire.xc[YOURS] = label;
  var head = table.tHead.rows[0].cells[1 + YOURS];
  if (head) head.textContent = label;
  var shown = [];
  wire.s.forEach(function (row) {
    var r = ratios[row[0]] || null;
    var value = r ? threeFigures(r.ratio) : null;
    if (ran.indexOf(row[0]) >= 0) shown.push(row[0]);
    var tr = tableRow(table, row[0]);
    if (row[1] === null && tr) tr.cells[1 + YOURS].textContent = format.cell(value);
    else if (row[1]) row[1][YOURS] = value;
    var medians = row[1] || (tr ? Array.prototype.slice.call(tr.cells, 1).map(function (c) { return format.parseCell(c.textContent); }) : [null, value]);
    var lo = r && r.ci ? threeFigures(r.ci[0]) : null, hi = r && r.ci ? threeFigures(r.ci[1]) : null;
    row[2] = row[2] || [null, null];
    row[3] = row[3] || [null, null];
    row[2][YOURS] = value === null || lo === null ? null : format.offsets([medians[YOURS]], [lo], true)[0];
    row[3][YOURS] = value === null || hi === null ? null : format.offsets([medians[YOURS]], [hi], false)[0];
    var ours = Array.isArray(row[4]) ? row[4][0] : row[4] !== undefined && row[4] !== null ? row[4] : wire.r;
    row[4] = [ours, r ? r.reps : ours];
  });
  // The chart opens on what the reader ran; the rest of our styles stay one
  // click away, in the legend and behind "Show all" (flot-series-view.js).
  if (shown.length) wire.v = wire.s.map(function (row, i) { return shown.indexOf(row[0]) >= 0 ? i : -1; }).filter(function (i) { return i >= 0; });
  script.textContent = JSON.stringify(wire);
  fig.dispatchEvent(new CustomEvent('chartdata', { bubbles: true }));
  return true;
}

module.exports = { fillReaderColumn: fillReaderColumn };
