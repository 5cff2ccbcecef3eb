'use strict';
// Comparisons for the sentences a person writes, decided by the data at build
// time (site/prose/claims.js checks them; no shortcode here writes a sentence
// of its own, issue 43): compare (two cells under the one rule,
// site/lib/one-rule.js) and leaders (the lowest or highest median and every
// style tied with it). Registered as shortcodes by _config/prose.js:
//   {% switchCost "promises-q", field="timeRatio" %}   data/debuggability.json
//   {% traces way="reject", variants="original,async-await" %}   recorded traces
//   {% reproduction "agrees", set="cpu" %}, {% runSetting "reps" %}
//
// compare takes metric= (time, memory, heap, latency-p50, latency-p99),
// scenario=, runtime= and file= like num; unnamed, the runtime is "now" and
// its file data/perf-node-24.json (site/lib/perf-files.js).
const { escapeHtml, ratioText } = require('../format');
const { PERF_METRICS } = require('../lib/perf-metrics');
const { FLOOR_ID } = require('../lib/cells');
const { runtimeMatches, nowCells, NOW_RUNTIME } = require('../lib/runtime-match');
const { debuggabilityView, DebuggabilityViewError } = require('../models/debuggability');
const { reproduction2013 } = require('../models/reproduction-2013');
const { ProseNumberError, narrow, same, perfHit, perfCell, variantLink: link, styleList } = require('../lib/lookup');
const { oneHost } = require('../lib/host-guard');
const { estimateOf, versusEstimates, endOf, leftToRank, closeMedians, TIE_MARGIN_PCT } = require('../lib/one-rule');

// load(name) -> the checked data file (site/lib/data-files.js); the build passes
// its one loader, tests a stand-in.
function compareProse(load) {
  function metricOf(kw) {
    const m = PERF_METRICS[kw.metric || 'time'];
    if (!m) throw new ProseNumberError(`unknown metric "${kw.metric}"; use one of ${Object.keys(PERF_METRICS).join(', ')}`);
    return m;
  }

  // The cell's median and interval by this page's metric= (site/lib/perf-metrics.js
  // PERF_METRICS), or by the metric a caller names (a companion post's file).
  function estimate(cell, kw, metric = metricOf(kw)) {
    return estimateOf(cell, metric, { allowFew: kw.allowFew, what: kw.metric || 'time' });
  }

  function compare(kw) {
    if (!kw.a || !kw.b) throw new ProseNumberError('a= and b= name the two variants to compare');
    const hit = perfHit(load, kw);
    const cells = [perfCell(hit, { ...kw, variant: kw.a }), perfCell(hit, { ...kw, variant: kw.b })];
    // Raw figures compare within one host only (site/lib/host-guard.js).
    oneHost(hit, cells, `{% compare %} of ${kw.a} and ${kw.b}`);
    return versus(cells, kw);
  }

  // Two cells of one host under the one rule (site/lib/one-rule.js).
  function versus(cells, kw, metric = metricOf(kw)) {
    const a = estimate(cells[0], { ...kw, allowFew: true }, metric);
    const b = estimate(cells[1], { ...kw, allowFew: true }, metric);
    return versusEstimates(a, b, { what: kw.metric || 'time', b: kw.b });
  }

  // The style with the lowest median and every style whose interval reaches
  // the leader's: the honest "fastest" when several are tied.
  function leaders(kw) {
    for (const k of ['mode', 'n']) if (kw[k] === undefined) throw new ProseNumberError(`${k}= is required for leaders`);
    const hit = perfHit(load, kw);
    let cells = narrow(hit.data.cells.filter((c) => c.status === 'ok' && c.variant !== FLOOR_ID), [
      ['scenario', kw.scenario || 'upload', same('scenario')],
      ['runtime', kw.runtime, (r, v) => runtimeMatches(r.runtime, v)],
      ['mode', kw.mode, same('mode')],
      ['n', kw.n, same('n')],
    ], `${hit.shown} (measured cells)`);
    if (!kw.runtime) cells = nowCells(cells) || cells;
    if (new Set(cells.map((c) => c.runtime)).size > 1) throw new ProseNumberError(`${hit.shown} holds several runtimes for this; name one with runtime=`);
    cells = leftToRank(cells, kw.exclude);
    oneHost(hit, cells, '{% leaders %}');
    if (kw.end !== undefined && kw.end !== 'low' && kw.end !== 'high') throw new ProseNumberError(`end= is "low" (the lowest median, the default) or "high" (got "${kw.end}")`);
    return endOf(cells.map((c) => ({ id: c.variant, ...estimate(c, kw) })), { high: kw.end === 'high' });
  }

  const SWITCH_FIELDS = { timeRatio: (s) => s.timeRatio, extraMs: (s) => s.extraMs, extraPeakRssMB: (s) => s.extraPeakRssMB, offMs: (s) => s.off.ms.median, onMs: (s) => s.on.ms.median, n: (s) => s.n, reps: (s) => s.reps, switch: (s) => s.switch };
  function switchCost(id, kw) {
    const hit = load('debuggability');
    const withCost = debugVariants(hit, kw).filter((v) => v.switchCost);
    const [v] = narrow(withCost, [['id', id || '(none given)', same('id')]], `${hit.shown} (variants with a measured long-stack switch)`);
    const get = SWITCH_FIELDS[kw.field || 'timeRatio'];
    if (!get) throw new ProseNumberError(`field= must be one of ${Object.keys(SWITCH_FIELDS).join(', ')}`);
    const value = get(v.switchCost);
    if (value === null || value === undefined) throw new ProseNumberError(`${hit.shown} has no ${kw.field} for the switch of ${id}`);
    return typeof value === 'number' ? (kw.field === 'timeRatio' || !kw.field ? ratioText(value) : value.toLocaleString('en-GB')) : String(value);
  }

  // One runtime's variants (runtime=, default "now"), whichever way the file is keyed.
  function debugVariants(hit, kw) {
    try {
      return debuggabilityView(hit.data, kw.runtime).variants;
    } catch (e) {
      if (e instanceof DebuggabilityViewError) throw new ProseNumberError(e.message);
      throw e;
    }
  }

  // Recorded traces (debuggability.json traces[].excerpt), never typed by hand.
  function traces(kw) {
    const hit = load('debuggability');
    const ids = String(kw.variants || '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!ids.length) throw new ProseNumberError('variants= lists the variants whose traces to show, comma-separated');
    const blocks = ids.map((id) => {
      const [v] = narrow(debugVariants(hit, kw), [['id', id, same('id')]], hit.shown);
      const t = (v.traces || []).find((x) => x.way === (kw.way || '') && !!x.longStack === (kw.longStack === true));
      if (!t) throw new ProseNumberError(`${hit.shown} has no ${kw.longStack ? 'long-stack ' : ''}trace "${kw.way}" for ${id}; it has: ${[...new Set((v.traces || []).map((x) => x.way))].join(', ')}`);
      if (!Array.isArray(t.excerpt) || !t.excerpt.length) throw new ProseNumberError(`${hit.shown} recorded no trace text for ${id} ${kw.way}`);
      const where = t.quality === 'exact' ? 'points at the failing line' : t.quality === 'file' ? 'names the file, not the failing line' : 'never names the variant';
      // Plain blocks, not <figure>: its default side margins would take a
      // phone's width from traces that are already wide.
      return `<div class="trace"><p class="meta">${link(id)}: ${escapeHtml(t.outcome === 'done' ? 'reaches the callback' : 'escapes uncaught')}, ${where}</p>` +
        `<pre class="code"><code>${escapeHtml(t.excerpt.join('\n'))}</code></pre></div>`;
    });
    return `<div class="traces">${blocks.join('\n')}</div>`;
  }

  // The 2013 reproduction table (site/models/reproduction-2013.js) counted for the prose: how
  // many styles it pairs ("total") or gives one verdict, or (list=true) which.
  // "rho": Spearman's ρ of our medians against 2013's, two decimals.
  const VERDICTS = ['agrees', 'differs', 'tied within spread'];
  function reproduction(what, kw) {
    if (what !== 'total' && what !== 'rho' && !VERDICTS.includes(what)) throw new ProseNumberError(`reproduction counts "total" or a verdict: ${VERDICTS.join(', ')}, or gives "rho" (got "${what}")`);
    const table = reproduction2013({ set: kw.set || 'cpu', runtime: kw.runtime, n: kw.n }, load);
    if (!table.rows.length) throw new ProseNumberError(table.empty);
    if (what === 'rho') {
      if (table.rho === null) throw new ProseNumberError('fewer than 3 styles compared: no Spearman ρ');
      return table.rho.toFixed(2).replace(/^-/, '−');
    }
    const rows = what === 'total' ? table.rows : table.rows.filter((r) => r.verdict === what);
    if (kw.list !== true) return String(rows.length);
    if (!rows.length) throw new ProseNumberError(`no style of the ${kw.set || 'cpu'} reproduction "${what}"; say so without list=true`);
    return styleList(rows.map((r) => r.name), { table: kw.table });
  }

  // A setting or the machine of the runs that measured "now" (or runtime=):
  // reps, maxReps, ciTarget, maxInterference, retries, ns, t; cpu, cores, os.
  // n= keeps the runs that measured that n: the n = 1000 matrix and the
  // extra sizes of the 2013 range were run with different repetition caps.
  const HOST = ['cpu', 'cores', 'os', 'memGb'];
  function runSetting(key, kw) {
    const hit = perfHit(load, { runtime: kw.runtime });
    const all = Object.entries(hit.data.runs || {});
    const wanted = kw.runtime || NOW_RUNTIME;
    const n = kw.n === undefined ? null : Number(kw.n);
    if (n !== null && !(Number.isInteger(n) && n > 0)) throw new ProseNumberError(`runSetting n= takes a positive integer (got "${kw.n}")`);
    const runs = all.filter(([, r]) => Object.keys(r.runtimes || {}).some((id) => runtimeMatches(id, wanted))
      && (n === null || ((r.harness && r.harness.ns) || []).includes(n)));
    if (!runs.length) throw new ProseNumberError(`no run in ${hit.shown} measured runtime "${wanted}"${n === null ? '' : ` at n = ${n}`}`);
    const values = runs.map(([id, r]) => {
      const from = HOST.includes(key) ? r.host : r.harness;
      if (!from || from[key] === undefined || from[key] === null) throw new ProseNumberError(`run ${id} in ${hit.shown} records no ${key}; known: ${Object.keys(r.harness || {}).concat(HOST).join(', ')}`);
      return Array.isArray(from[key]) ? from[key].join(', ') : String(from[key]);
    });
    const distinct = [...new Set(values)];
    if (distinct.length > 1) throw new ProseNumberError(`the runs of "${wanted}" differ in ${key} (${distinct.join(' / ')}); name the runtime or an n=, or say so in the prose`);
    return escapeHtml(distinct[0]);
  }

  return { compare, versus, estimate, leaders, switchCost, traces, reproduction, runSetting };
}

module.exports = compareProse;
module.exports.closeMedians = closeMedians;
module.exports.TIE_MARGIN_PCT = TIE_MARGIN_PCT;
