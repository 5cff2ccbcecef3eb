'use strict';
// What a sortable data table carries beyond the static one
// ({% dataTable "costPerCall", n=1000, sortable=true %}): data attributes only,
// so without scripts the table reads exactly as it did, and
// assets/js/sortable-table.js turns the headers into sort buttons and adds the
// baseline picker. Numbers sort by the figure itself, never by its text
// ("12.3 (11.0–14.0)", "−0.4", "1.02×"), so each cell with a figure behind it
// holds it in data-value.
//
// A table model opts in with raw figures per row and, optionally, the order
// it comes in and how its ratios follow a baseline row (site/models/cost.js):
//   rows: [{ ..., raw: { <column key>: number } }]
//   sort: { by: <column key> }                 (the rows are ascending by it)
//   rebase: { row: <baseline label>, of: <key>, ratio: <key>, perCall: <key>,
//             calls: <n>, fixed: [<keys that hold against that row only>],
//             named: <the words of the caption that name the baseline row> }
// The caption's `named` words are marked (caption()), so the page puts the
// name of the row a reader picks in their place: a caption that kept "over
// original" above figures worked out against another row would misname them.
const { escapeHtml: esc } = require('../format');
const { styleName } = require('../lib/style-names');

const NONE = { table: '', head: () => '', cell: () => '', caption: (html) => html };

const figure = (row, key) => {
  const v = row.raw ? row.raw[key] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

// The part each column plays when the reader picks another baseline row.
function roles(rebase) {
  const out = new Map([[rebase.of, 'of'], [rebase.ratio, 'ratio'], [rebase.perCall, 'per-call']]);
  for (const key of rebase.fixed || []) out.set(key, 'fixed');
  return out;
}

// -> { table, head(column, index), cell(row, column) }: attribute strings
// (each with its leading space, '' for none) for the renderer to splice in.
function tableSort(model) {
  if (!model.sortable) return NONE;
  const rebase = model.rebase && model.rows.some((r) => r[model.columns[0].key] === model.rebase.row) ? model.rebase : null;
  const role = rebase ? roles(rebase) : new Map();
  const numeric = new Set(model.columns.filter((c) => model.rows.some((r) => figure(r, c.key) !== null)).map((c) => c.key));
  const by = model.sort && model.sort.by;
  const named = rebase && rebase.named ? esc(rebase.named) : null;
  return {
    // The baseline as its row shows it (a style's name, site/render/chart-html.js).
    table: ` data-sortable${rebase ? ` data-baseline="${esc(styleName(rebase.row))}" data-calls="${rebase.calls}"` : ''}`,
    // The escaped caption, its first naming of the baseline marked.
    caption(html) {
      if (!named || !html.includes(named)) return html;
      return html.replace(named, `<span class="table-baseline-name">${named}</span>`);
    },
    head(column, index) {
      // The row labels sort as text; a column of words or intervals does not sort.
      const kind = index === 0 ? 'text' : numeric.has(column.key) ? 'num' : null;
      return [
        kind && ` data-sort="${kind}"`,
        kind && by === column.key && ' aria-sort="ascending"',
        role.has(column.key) && ` data-role="${role.get(column.key)}"`,
      ].filter(Boolean).join('');
    },
    cell(row, column) {
      const v = figure(row, column.key);
      return v === null ? '' : ` data-value="${v}"`;
    },
  };
}

module.exports = { tableSort };
