/* Sortable data tables: every <table data-sortable> the build wrote
(site/render/table-sort.js says what it carries). Each header of a column
that sorts becomes a button: a first press sorts the rows ascending by the
column's figures (data-value, never the cell text), the next one
descending, and aria-sort on the header says which. A table with
data-baseline also gets a picker for its baseline row: the ratio and the
cost per call of every row are worked out again from the medians against
the row picked, and the columns that hold against the build's baseline
alone (its bootstrap intervals, its verdict) show "–" until it is picked
again.

Without this script the table is the static one. Vanilla ES5, not jQuery:
jQuery comes with the chart bundle, which loads only when a chart nears the
viewport, and a table must answer before that. Number formats come from
cost-format.js (window.costFormat), loaded before this file. */
(function () {
  'use strict';
  var F = window.costFormat;
  var tables = document.querySelectorAll('table[data-sortable]');
  if (!tables.length) return;
  var DASH = '\u2013';
  var collator = window.Intl ? new Intl.Collator('en', { numeric: true }) : { compare: function (a, b) { return a < b ? -1 : a > b ? 1 : 0; } };
  var each = function (list, f) { Array.prototype.forEach.call(list, f); };

  function figureOf(cell) {
    var v = cell.getAttribute('data-value');
    return v === null || v === '' ? null : Number(v);
  }

  // A header's title without its unit: the text the build wrote before <small>.
  function titleOf(th) {
    var node = th.querySelector('button') || th;
    return (node.firstChild && node.firstChild.nodeType === 3 ? node.firstChild.nodeValue : node.textContent).trim();
  }

  function SortableTable(table) {
    this.table = table;
    this.body = table.tBodies[0];
    this.heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    this.sorted = null; // { index, dir }
    var self = this;
    this.heads.forEach(function (th, index) {
      if (th.getAttribute('aria-sort')) self.sorted = { index: index, dir: th.getAttribute('aria-sort') };
      if (!th.hasAttribute('data-sort')) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'table-sort';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener('click', function () {
        self.sort(index, th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending');
      });
    });
    if (table.hasAttribute('data-baseline')) this.offerBaselines();
  }

  // Rows without a figure go last in either direction; ties keep their order.
  SortableTable.prototype.sort = function (index, dir) {
    var numeric = this.heads[index].getAttribute('data-sort') === 'num';
    var sign = dir === 'descending' ? -1 : 1;
    var rows = Array.prototype.map.call(this.body.rows, function (tr, i) {
      var cell = tr.cells[index];
      return { tr: tr, i: i, key: numeric ? figureOf(cell) : cell.textContent.trim() };
    });
    rows.sort(function (a, b) {
      if (a.key === null || b.key === null) return (a.key === null) - (b.key === null) || a.i - b.i;
      var d = numeric ? a.key - b.key : collator.compare(a.key, b.key);
      return sign * d || a.i - b.i;
    });
    var frag = document.createDocumentFragment();
    rows.forEach(function (r) { frag.appendChild(r.tr); });
    this.body.appendChild(frag);
    this.heads.forEach(function (th) { th.removeAttribute('aria-sort'); });
    this.heads[index].setAttribute('aria-sort', dir);
    this.sorted = { index: index, dir: dir };
  };

  // The columns each role names, the rows' medians and the cells as built.
  SortableTable.prototype.offerBaselines = function () {
    var self = this, col = {};
    this.heads.forEach(function (th, i) {
      var role = th.getAttribute('data-role');
      if (role) (col[role] = col[role] || []).push(i);
    });
    if (!F || !col.of) return;
    this.col = col;
    this.built = this.table.getAttribute('data-baseline');
    this.calls = Number(this.table.getAttribute('data-calls'));
    var changing = (col.ratio || []).concat(col['per-call'] || [], col.fixed || []);
    this.rows = Array.prototype.map.call(this.body.rows, function (tr) {
      var cells = {};
      changing.forEach(function (i) {
        var c = tr.cells[i];
        cells[i] = { text: c.textContent, value: c.getAttribute('data-value'), title: c.getAttribute('title') };
      });
      return { tr: tr, label: tr.cells[0].textContent.trim(), median: figureOf(tr.cells[col.of[0]]), cells: cells };
    });

    var tools = document.createElement('div');
    tools.className = 'table-tools';
    var label = document.createElement('label');
    label.appendChild(document.createTextNode('Baseline row '));
    var select = document.createElement('select');
    this.rows.forEach(function (r) {
      var o = document.createElement('option');
      o.value = o.textContent = r.label;
      o.selected = r.label === self.built;
      select.appendChild(o);
    });
    label.appendChild(select);
    this.note = document.createElement('p');
    this.note.className = 'table-rebase-note';
    this.note.setAttribute('role', 'status');
    tools.appendChild(label);
    tools.appendChild(this.note);
    var wrap = this.table.parentNode;
    wrap.parentNode.insertBefore(tools, wrap);
    select.addEventListener('change', function () { self.rebase(select.value); });
    this.mark(this.built);
  };

  SortableTable.prototype.mark = function (label) {
    this.rows.forEach(function (r) { r.tr.classList.toggle('table-baseline-row', r.label === label); });
  };

  function show(cell, text, value, title) {
    cell.textContent = text;
    if (value === null || value === undefined) cell.removeAttribute('data-value');
    else cell.setAttribute('data-value', String(value));
    if (title) cell.setAttribute('title', title);
    else cell.removeAttribute('title');
  }

  // Against the build's own baseline every cell is as built; against another
  // row, ratio = median / its median and cost per call = (median − its
  // median) / n, in µs from medians in ms.
  SortableTable.prototype.rebase = function (label) {
    var self = this, col = this.col, built = label === this.built;
    var base = this.rows.filter(function (r) { return r.label === label; })[0];
    if (!base) return;
    var b = base.median;
    var fixedTitles = [];
    (col.fixed || []).forEach(function (i) {
      var t = titleOf(self.heads[i]);
      if (fixedTitles.indexOf(t) < 0) fixedTitles.push(t);
    });
    var named = '\u201c' + fixedTitles.join('\u201d and \u201c') + '\u201d';
    var why = named + ' hold against ' + this.built + ' alone: the build bootstraps them from the samples';
    this.rows.forEach(function (r) {
      var m = r.median, ok = m !== null && b !== null && b > 0;
      (col.ratio || []).forEach(function (i) {
        var c = r.cells[i];
        if (built) show(r.tr.cells[i], c.text, c.value, c.title);
        else if (ok) show(r.tr.cells[i], F.ratio(m / b), m / b);
        else show(r.tr.cells[i], DASH, null);
      });
      (col['per-call'] || []).forEach(function (i) {
        var c = r.cells[i];
        if (built) show(r.tr.cells[i], c.text, c.value, c.title);
        else if (r === base) show(r.tr.cells[i], 'baseline', 0);
        else if (ok) show(r.tr.cells[i], F.perCall((m - b) / self.calls * 1000), (m - b) / self.calls * 1000);
        else show(r.tr.cells[i], DASH, null);
      });
      (col.fixed || []).forEach(function (i) {
        var c = r.cells[i];
        if (built) show(r.tr.cells[i], c.text, c.value, c.title);
        else show(r.tr.cells[i], DASH, null, why);
      });
    });
    this.mark(label);
    // The caption names the baseline row: the row picked, or as built.
    var named = this.table.parentNode.parentNode.querySelector('figcaption .table-baseline-name');
    if (named) {
      if (named.getAttribute('data-built') === null) named.setAttribute('data-built', named.textContent);
      named.textContent = built ? named.getAttribute('data-built') : label;
    }
    this.note.textContent = built ? '' : 'Ratios and costs per call against ' + label + ', from the \u201c' + titleOf(this.heads[col.of[0]]) +
      '\u201d column. ' + why + ', so they read ' + DASH + ' here.';
    var s = this.sorted;
    if (s && this.heads[s.index].hasAttribute('data-role') && this.heads[s.index].hasAttribute('data-sort')) this.sort(s.index, s.dir);
  };

  each(tables, function (t) {
    if (t.tHead && t.tBodies.length) new SortableTable(t); // eslint-disable-line no-new
  });
})();
