/* The reader's view of every chart on a page, kept in the URL fragment so a
copied link opens the same view (charts.js reads and writes it). ES5, no
dependencies: bundled for the page (window.chartState) and required by the
tests.

    #chart-perf-cpu-time&perf-cpu-time=r:co%7Cgenny;h:co.js,async.js;l:1&2013-io=t:1

The fragment is parts joined by "&". A part without "=" is the anchor (an
element id) the page scrolls to, so a plain "#chart-x" or "#the-workload"
keeps working. Each other part is one chart, by its figure id without
"chart-", holding only what differs from the author's view, as fields
joined by ";":
    r:TEXT   the filter pattern the reader typed ("r:" for an empty one)
    h:A,B    the series hidden, by label (labels survive a rerun that adds
             or reorders series; indices would not); "h:" (none) on a chart
             that opens with some hidden (a readable view) shows them all
    l:1|0    log y axis on or off
    t:1|0    data table open or folded
Every value is percent-encoded, so none of & = ; : , appears raw in it.
Anything that does not parse (bad percent escapes, unknown fields, an
overlong fragment) is dropped part by part, never thrown: a broken link
still opens the page, in the author's view.

@provides chartState
*/
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.chartState = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // Far above any real state (a pattern and a few dozen labels per chart),
  // low enough that a hostile link cannot make the page do much work.
  var MAX_FRAGMENT = 8000;
  var MAX_PATTERN = 500;
  var ID = /^[a-z0-9][a-z0-9-]*$/;

  function decode(s) {
    try {
      return decodeURIComponent(s);
    } catch (e) {
      return null;
    }
  }

  // One chart's fields -> {regex?, hidden?, log?, table?}, or null when no
  // field is usable.
  function parseFields(text) {
    var state = {}, any = false;
    text.split(';').forEach(function (field) {
      var colon = field.indexOf(':');
      if (colon < 1) return;
      var key = field.slice(0, colon), raw = field.slice(colon + 1);
      if (key === 'r') {
        var pattern = decode(raw);
        if (pattern === null || pattern.length > MAX_PATTERN) return;
        state.regex = pattern;
      } else if (key === 'h') {
        var labels = raw ? raw.split(',').map(decode) : [];
        if (labels.some(function (l) { return l === null || l === ''; })) return;
        state.hidden = labels;
      } else if (key === 'l' || key === 't') {
        if (raw !== '0' && raw !== '1') return;
        state[key === 'l' ? 'log' : 'table'] = raw === '1';
      } else return;
      any = true;
    });
    return any ? state : null;
  }

  // "#..." or "..." -> { anchor: id | null, charts: { id: state } }.
  function parse(fragment) {
    var out = { anchor: null, charts: {} };
    var text = String(fragment || '').replace(/^#/, '');
    if (!text || text.length > MAX_FRAGMENT) return out;
    text.split('&').forEach(function (part, i) {
      var eq = part.indexOf('=');
      if (eq < 0) {
        var id = decode(part);
        if (i === 0 && id) out.anchor = id;
        return;
      }
      var chart = part.slice(0, eq);
      if (!ID.test(chart) || chart in out.charts) return; // `in`: also drops constructor and the like
      var state = parseFields(part.slice(eq + 1));
      if (state) out.charts[chart] = state;
    });
    return out;
  }

  function fields(state) {
    var f = [];
    if (typeof state.regex === 'string') f.push('r:' + encodeURIComponent(state.regex));
    if (Array.isArray(state.hidden)) f.push('h:' + state.hidden.map(encodeURIComponent).join(','));
    if (typeof state.log === 'boolean') f.push('l:' + (state.log ? 1 : 0));
    if (typeof state.table === 'boolean') f.push('t:' + (state.table ? 1 : 0));
    return f.join(';');
  }

  // { anchor, charts: { id: state } } -> "#..." ("" when there is nothing).
  // Charts are written in the order given, so a page's fragment is stable.
  function format(view) {
    var parts = view.anchor ? [encodeURIComponent(view.anchor)] : [];
    Object.keys(view.charts || {}).forEach(function (id) {
      var f = fields(view.charts[id]);
      if (f) parts.push(id + '=' + f);
    });
    return parts.length ? '#' + parts.join('&') : '';
  }

  return { parse: parse, format: format, MAX_FRAGMENT: MAX_FRAGMENT, MAX_PATTERN: MAX_PATTERN };
});
