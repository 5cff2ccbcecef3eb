'use strict';
// Chart and table models (site/models/index.js) -> HTML. The output never
// contains a blank line: markdown-it ends an HTML block at the first blank
// line and would wrap the rest in paragraphs (how the 2013 page lost its
// charts). Data reach the browser as JSON in a non-executable
// <script type="application/json">, or, on a page, in a file of its own that
// the chart loader fetches (`data`, site/render/chart-files.js).
const { visibleSeries } = require('../models');
const { escapeHtml: esc, chartFormat: format } = require('../format');
const { tableSort } = require('./table-sort');
const { styleName, isStyle, scenarioStyleName } = require('../lib/style-names');
const { openingView } = require('../lib/families');

// What readers see for a series: its name (a companion post's model gives
// one), else its style's name, else its label (site/lib/style-names.js).
const nameOf = (s) => s.name || styleName(s.label);

// JSON inside <script>: "</script" or "<!--" in a label must not end the block.
const scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

// Only web and relative URLs become links: a javascript: (or data:, vbscript:)
// URL from a data file is shown as text. Browsers drop tabs and newlines
// inside a URL and leading spaces or control characters, so they are
// ignored when reading the scheme ("java\tscript:" is javascript:).
function safeHref(url) {
  if (typeof url !== 'string' || !url.trim()) return null;
  const bare = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare);
  if (scheme) return /^https?$/i.test(scheme[1]) ? url.trim() : null;
  return url.trim(); // relative: /path, ../path, #id, ?q, //host (same scheme as the page)
}

const link = (url, text) => {
  const href = safeHref(url);
  return href ? `<a href="${esc(href)}">${esc(text)}</a>` : esc(text);
};

function num(v) {
  if (v === null || v === undefined) return '–';
  if (typeof v !== 'number') return String(v);
  if (Number.isInteger(v)) return String(v); // counts and 1–5 levels, not measurements
  return format.measurement(v);
}

// What charts.js needs, in columns: the n values once per chart, then per
// series its label and the medians (and min, max) at those n, null where a
// series has no point. To keep the page light (issue: the article page with
// all assets <= 65 KB gzipped), the medians of a series the figure's data
// table lists (chartTable: those the author's filter shows) are null here,
// as charts.js reads them from the table; min and max are written as their
// distances from the median, shorter numbers; repetitions are one number for
// the chart, or for a series, when its points share it. chartFormat.readWire
// turns this back into [label, medians, min, max, reps] rows. The title,
// axis titles and environment are in the figure's HTML.
function wireModel(model) {
  const ns = xValues(model, model.series);
  const inTable = new Set(visibleSeries(model));
  const reps = new Set(model.series.flatMap((s) => s.data.map((p) => p[4])));
  const ranges = model.series.some((s) => s.data.some((p) => p[2] !== null));
  const series = model.series.map((s) => {
    const at = new Map(s.data.map((p) => [p[0], p]));
    const col = (k) => ns.map((n) => (at.has(n) ? at.get(n)[k] : null));
    const medians = col(1);
    const row = [s.label, inTable.has(s) ? null : medians];
    if (ranges) row.push(format.offsets(medians, col(2), true), format.offsets(medians, col(3), false));
    if (reps.size > 1) {
      const own = new Set(s.data.map((p) => p[4]));
      row[4] = own.size === 1 ? [...own][0] : col(4);
    }
    return row;
  });
  const wire = { x: model.x.title, u: model.y.unit, log: model.log, filter: model.filter, n: ns, r: reps.size === 1 ? [...reps][0] : null, s: series };
  // The names the legend, tooltips, table and CSV show, where any differs
  // from its label (filters, the URL state and the legend's keys stay on labels).
  const names = model.series.map(nameOf);
  if (names.some((n, i) => n !== model.series[i].label)) wire.nm = names;
  if (model.xlog) wire.xl = 1;
  // The page draws rows instead of lines (site/models/ranked.js).
  if (model.kind) wire.k = model.kind;
  // Style families, for the legend's groups and the colours: [[family, [series index, ...]], ...]
  // (site/lib/families.js).
  if (model.families) wire.g = model.families;
  // The series the chart opens on, when not all (site/lib/families.js): the rest start hidden in the legend.
  const view = openingView(model, [...inTable].map((s) => s.label));
  if (view) wire.v = view.map((l) => model.series.findIndex((s) => s.label === l));
  // Categorical x (the runtime matrix): x is an index into these labels.
  if (model.categories) wire.xc = model.categories;
  // The floor line: its label and [n, median, min, max, reps] points, apart from the series.
  if (model.floor) wire.f = [model.floor.label, model.floor.data];
  return wire;
}

// The x values a chart's table and wire columns list: every category of a
// categorical chart (a runtime where nothing ran still gets its column),
// else the n the series hold.
function xValues(model, series) {
  if (model.categories) return model.categories.map((_, i) => i);
  return [...new Set(series.flatMap((s) => s.data.map((p) => p[0])))].sort((a, b) => a - b);
}
const xLabel = (model, x) => (model.categories ? model.categories[x] : `n = ${x}`);

const axisTitle = (a) => (a.unit ? `${a.title} (${a.unit})` : a.title);

// The same text charts.js offers for download once a reader filters.
const csv = (model, series) =>
  format.csv(model.x.title, model.y.unit, series.map((s) => ({ label: nameOf(s), data: model.categories ? s.data.map((p) => [model.categories[p[0]], ...p.slice(1)]) : s.data })), model.rangeNames);

// The series the author's filter shows, at the wire's x values, then the
// floor line: the chart as drawn, for a reader without scripts, and where
// charts.js reads those series' medians (the cells are the very numbers
// drawn, chartFormat.cell).
function chartTable(model) {
  const xs = xValues(model, model.series);
  const head = `<tr><th scope="col">Variant</th>${xs.map((x) => `<th scope="col" class="num">${esc(xLabel(model, x))}</th>`).join('')}</tr>`;
  const row = (s) => {
    const at = new Map(s.data.map((p) => [p[0], p]));
    const cells = xs.map((x) => `<td class="num">${esc(format.cell(at.has(x) ? at.get(x)[1] : null))}</td>`);
    return `<tr><th scope="row"${isStyle(s.label) || s.name ? ` data-series="${esc(s.label)}"` : ''}>${esc(nameOf(s))}</th>${cells.join('')}</tr>`;
  };
  const rows = visibleSeries(model).map(row);
  if (model.floor) rows.push(row(model.floor));
  // The wrapper scrolls a wide table sideways (site.css: the first column stays, a shadow says there is more).
  return `<div class="table-scroll"><table><caption>${esc(axisTitle(model.y))}, median${model.series.some((s) => s.data.some((p) => p[2] !== null)) ? ' (the CSV adds min and max over repetitions)' : ''}</caption><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div>`;
}

const MAX_COMMANDS = 3;
const RUNS_PAGE = '/posts/results/#the-runs-behind-the-figures';

function provenance(model) {
  const parts = [];
  if (model.env) parts.push(`Measured on ${esc(model.env)}`);
  // What reproduces the figure (the article's section "Run it yourself", and
  // README.md, "Rerun a figure").
  // A figure drawn from many runs (the runtime matrix) points to their list
  // instead of printing every command under it.
  const commands = model.commands || [];
  if (commands.length > MAX_COMMANDS) parts.push(`Made by ${commands.length} runs, whose commands are listed on the <a href="${RUNS_PAGE}">results page</a>`);
  else if (commands.length) parts.push(`Made by ${commands.map((c) => `<code class="command">${esc(c)}</code>`).join(' and ')}`);
  if (model.source) parts.push(`Figures from ${link(model.source.url, model.source.text)}`);
  return parts.join('. ');
}

// A draft build with unfinished data (ASYNCBENCH_ALLOW_INCOMPLETE=1) says so
// on every figure drawn from it; the page also gets a banner (charts.js).
const incompleteMark = (model) =>
  (model.incomplete ? ` <strong class="chart-incomplete">Incomplete data, not final results: ${esc(model.incomplete)}.</strong>` : '');
const incompleteNote = (model) => incompleteMark(model) + captionNotes(model);

// What a reader must know before comparing the figures (memory across
// engines, figures from several machines), in a table's caption itself.
const captionNotes = (model) => (model.notes || []).map((n) => ` <strong class="chart-note">${esc(n)}</strong>`).join('');

// A chart's notes, right under its title: a block of their own, so that on
// a narrow screen (charts.css) they follow the chart instead of pushing it
// off the screen; a caption of several machines and engines runs to a
// dozen lines at 390 px.
const chartNotes = (model) => ((model.notes || []).length ? `<p class="chart-notes">${captionNotes(model).trim()}</p>` : '');

function emptyFigure(model, id) {
  return [
    `<figure class="chart chart-empty" id="${id}">`,
    `<figcaption><a class="chart-permalink" href="#${id}" aria-label="Link to this chart">#</a> ${esc(model.title)}${incompleteNote(model)}</figcaption>`,
    // A model may say why it draws nothing (the matrix's raw figures await one run on one host).
    `<p class="chart-meta">${model.empty ? esc(model.empty) : 'No measurements for this selection yet: run <code>npm run bench</code> to produce them.'}</p>`,
    `</figure>`,
  ].join('\n');
}

// A figure's data: inline, or, given `data` (figure id, wire -> URL; a
// page's chart data file, site/render/chart-files.js), the URL its data-chart
// attribute names, and nothing inside the figure.
function dataParts(id, wire, data) {
  if (!data) return { attr: 'data-chart', script: `<script type="application/json" class="chart-json">${scriptJson(wire)}</script>` };
  return { attr: `data-chart="${esc(data(id, wire))}"`, script: '' };
}

function chartFigure(model, csvHref, data) {
  const id = `chart-${model.id}`;
  if (!model.series.length) return emptyFigure(model, id);
  const label = model.filter.mode === 'show' ? 'Show only series matching' : 'Hide series matching';
  const w = wireModel(model);
  const wire = dataParts(id, w, data);
  return [
    `<figure class="chart" id="${id}" ${wire.attr}>`,
    `<figcaption><a class="chart-permalink" href="#${id}" aria-label="Link to this chart">#</a> ${esc(model.title)}${incompleteMark(model)}</figcaption>`,
    chartNotes(model),
    `<div class="chart-controls" hidden>`,
    `<label class="chart-filter-label">${label} <input type="text" class="chart-filter" value="${esc(model.filter.regex)}" size="${Math.max(16, model.filter.regex.length + 2)}" spellcheck="false" autocomplete="off" aria-describedby="${id}-error"></label>`,
    `<button type="button" class="chart-reset">Reset</button>`,
    // A chart that opens on a few series: all of them one click away (assets/js/flot-series-view.js words it).
    w.v ? `<button type="button" class="chart-view">Show all ${visibleSeries(model).length} styles</button>` : '',
    model.logToggle ? `<label class="chart-log-label"><input type="checkbox" class="chart-log"${model.log ? ' checked' : ''}> Log scale</label>` : '',
    `<span class="chart-error" id="${id}-error" role="status"></span>`,
    `</div>`,
    `<div class="chart-body" hidden><div class="chart-ytitle">${esc(axisTitle(model.y))}</div><div class="chart-canvas" role="img" aria-label="${esc(`${model.title}; the data table below lists every value`)}"></div><div class="chart-xtitle">${esc(axisTitle(model.x))}</div><div class="chart-tooltip" hidden></div></div>`,
    `<div class="chart-legend" role="group" aria-label="Series: hover or focus to highlight, click to hide or show${model.families ? '; a family name hides or shows the whole family' : ''}" hidden></div>`,
    `<details class="chart-table" open><summary>Data table</summary>${chartTable(model)}</details>`,
    `<p class="chart-meta">${model.floor ? `Grey dashed line: ${esc(model.floor.label)}, the same fake I/O with no control-flow style. ` : ''}${provenance(model)}. <a class="chart-csv" download="${esc(model.id)}.csv" href="${esc(csvHref)}">Download the plotted data (CSV)</a></p>`,
    wire.script,
    `</figure>`,
  ]
    .filter(Boolean)
    .join('\n');
}

// A cell is a value, or { text, title, note, gap } for a cell with no
// figure: its short reason, the whole reason as a tooltip and as footnote
// number `note` under the table.
// attrs: what a sortable table adds (site/render/table-sort.js).
function tableCell(v, c, attrs = '') {
  // wrap: a column of sentences, which wraps where figures and names stay whole.
  const cls = c.num ? 'num' : c.wrap ? 'wrap' : '';
  if (c.code && typeof v === 'string') return `<td${attrs}><code>${esc(v)}</code></td>`;
  if (v === null || typeof v !== 'object') return `<td${cls ? ` class="${cls}"` : ''}${attrs}>${esc(num(v))}</td>`;
  const klass = [cls, v.gap && 'table-gap'].filter(Boolean).join(' ');
  return `<td${klass ? ` class="${klass}"` : ''}${v.title ? ` title="${esc(v.title)}"` : ''}${attrs}>${esc(v.text)}${v.note ? `<sup>${v.note}</sup>` : ''}</td>`;
}

function dataTable(model) {
  if (!model.rows.length) {
    return `<figure class="data-table" id="${esc(model.id)}">\n<figcaption><a class="chart-permalink" href="#${esc(model.id)}" aria-label="Link to this table">#</a> ${esc(model.caption)}${incompleteNote(model)}</figcaption>\n<p class="chart-meta">${esc(model.empty || 'No data for this table yet: run the script that writes it.')}</p>\n</figure>`;
  }
  const sort = tableSort(model);
  const head = model.columns
    .map((c, i) => `<th scope="col"${c.num ? ' class="num"' : ''}${sort.head(c, i)}>${esc(c.title)}${c.unit ? ` <small>(${esc(c.unit)})</small>` : ''}</th>`)
    .join('');
  // A row named by a style's id shows the style's name (site/lib/style-names.js);
  // a companion post's table names its column's scenario (style: 'chains').
  const first = model.columns[0];
  // A name may break after a dot inside it ("Bluebird.<wbr>coroutine"): the
  // row labels stay in view on a phone while the rest scrolls, and one long
  // word would leave the other columns too little room beside them.
  const breakable = (html) => html.replace(/\.(?=[A-Za-z])/g, '.<wbr>');
  const rowHead = (v) => {
    const name = first.style ? scenarioStyleName(first.style, v) : styleName(v);
    return name !== String(v) ? `<th scope="row" data-series="${esc(v)}">${breakable(esc(name))}</th>` : `<th scope="row"${first.wrap ? ' class="wrap"' : ''}>${esc(v)}</th>`;
  };
  const rows = model.rows.map(
    (r) => `<tr>${model.columns.map((c, i) => (i === 0 ? rowHead(r[c.key]) : tableCell(r[c.key], c, sort.cell(r, c)))).join('')}</tr>`,
  );
  const notes = (model.footnotes || []).length
    ? `\n<ol class="table-notes">${model.footnotes.map((t) => `<li>${esc(t)}</li>`).join('')}</ol>`
    : '';
  // A table that names its own runs and machines (the runs table) has no
  // line under it, rather than a paragraph holding only its full stop.
  const meta = provenance(model);
  return [
    `<figure class="data-table" id="${esc(model.id)}">`,
    `<figcaption><a class="chart-permalink" href="#${esc(model.id)}" aria-label="Link to this table">#</a> ${sort.caption(esc(model.caption))}${incompleteNote(model)}</figcaption>`,
    `<div class="table-scroll"><table${sort.table}><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>${notes}`,
    meta && `<p class="chart-meta">${meta}.</p>`,
    `</figure>`,
  ].filter(Boolean).join('\n');
}

module.exports = { chartFigure, dataTable, csv, safeHref, wireModel, dataParts, axisTitle, provenance, incompleteNote, incompleteMark, chartNotes, nameOf };
