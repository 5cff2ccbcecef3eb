'use strict';
// The ranked chart's figure (site/models/ranked.js): the same parts as a
// line chart's (site/render/chart-html.js), so the page wires it the same way,
// with a data table a reader without scripts can rank from: style, median,
// 95 % interval and family, fastest first. The page reads the medians back
// from the table as for every chart (chartFormat.readWire; the interval and
// family cells come after them, wire.xt). No filter field: rows are styles,
// and the legend's family toggles do that job. The figure's height follows
// its number of rows (--rows, charts.css).
const { escapeHtml: esc, chartFormat: format } = require('../format');
const { dataParts, wireModel, provenance, incompleteMark, chartNotes, nameOf } = require('./chart-html');

const EXTRA_CELLS = 2; // interval, family

function familyOf(model) {
  const out = new Map();
  for (const [family, idx] of model.families || []) for (const i of idx) out.set(model.series[i].label, family);
  return out;
}

function rankedTable(model) {
  const fam = familyOf(model), u = model.y.unit;
  const rows = model.series.map((s) => {
    const [, median, lo, hi, reps] = s.data[0];
    const ci = lo === null ? `– (${reps} runs)` : `${format.measurement(lo)}–${format.measurement(hi)}`;
    return `<tr><th scope="row" data-series="${esc(s.label)}">${esc(nameOf(s))}</th><td class="num">${esc(format.cell(median))}</td><td class="num">${esc(ci)}</td><td>${esc(fam.get(s.label) || '')}</td></tr>`;
  });
  const head = `<tr><th scope="col">Style, fastest first</th><th scope="col" class="num">Median (${esc(u)})</th><th scope="col" class="num">95 % interval (${esc(u)})</th><th scope="col">Family</th></tr>`;
  return `<div class="table-scroll"><table><caption>${esc(model.y.title)} at n = ${model.series.length ? model.series[0].data[0][0] : '–'}: the median of the repetitions and its 95 % interval; overlapping intervals are ties</caption><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>`;
}

// data: as for chartFigure (site/render/chart-html.js dataParts).
function rankedFigure(model, csvHref, data) {
  const id = `chart-${model.id}`;
  const n = model.series.length ? model.series[0].data[0][0] : null;
  const wire = { ...wireModel(model), xt: EXTRA_CELLS };
  if (!model.zeroBased) wire.z = 0; // the value axis starts near the fastest (site/models/ranked.js)
  const parts = dataParts(id, wire, data);
  const floor = model.floor ? `Grey dashed line: ${esc(model.floor.label)}, the same fake I/O with no control-flow style. ` : '';
  return [
    `<figure class="chart chart-ranked" id="${id}" ${parts.attr} style="--rows: ${model.series.length}">`,
    `<figcaption><a class="chart-permalink" href="#${id}" aria-label="Link to this chart">#</a> ${esc(model.title)}${incompleteMark(model)}</figcaption>`,
    chartNotes(model),
    `<div class="chart-controls" hidden><button type="button" class="chart-reset">Reset</button><span class="chart-error" role="status"></span></div>`,
    `<div class="chart-body" hidden><div class="chart-ytitle">Style, fastest at the top</div><div class="chart-canvas" role="img" aria-label="${esc(`${model.title}; the data table below lists every value`)}"></div><div class="chart-xtitle">${esc(model.y.title)} at n = ${n} (${esc(model.y.unit)}): dot the median, whiskers its 95 % interval${model.zeroBased ? '' : '; the axis does not start at zero'}</div><div class="chart-tooltip" hidden></div></div>`,
    `<div class="chart-legend" role="group" aria-label="Families: hover or focus to highlight, click to hide or show" hidden></div>`,
    `<details class="chart-table" open><summary>Data table</summary>${rankedTable(model)}</details>`,
    `<p class="chart-meta">${floor}${provenance(model)}. <a class="chart-csv" download="${esc(model.id)}.csv" href="${esc(csvHref)}">Download the plotted data (CSV)</a></p>`,
    parts.script,
    `</figure>`,
  ].filter(Boolean).join('\n');
}

module.exports = { rankedFigure, rankedTable, EXTRA_CELLS };
