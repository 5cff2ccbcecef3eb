'use strict';
// Sentences that state an ordering, a tie, a trend, a "cheapest / only" or a
// cause are written by a person and checked by the build (issue 43): the
// sentence sits inside a paired shortcode that names what it claims, and the
// build stops, quoting the sentence, when the data no longer say so.
//
//   {% claim "ahead", a="original", b="async-await", mode="cpu", n=1000 %}
//   Callbacks still finish first.{% endclaim %}
//
// The sentence comes out unchanged; the shortcode only checks. Relations,
// all under the one rule of site/lib/one-rule.js: two medians rank
// only when their 95 % intervals are apart.
//   ahead   a= ranks below b= (less time, memory…)
//   tied    variants="x,y,…": no two of them rank
//   same    variants="x,y,…": tied, and every pair's medians within the tie margin
//   leads   a= is the lowest median or tied with it; alone=true: and nobody is tied
//           with it (the "only" / "cheapest" sentence); exactly="x,y,…": the
//           group at that end is these and no others; end="high" for the far end
//   ratio   a= over b= lies between min= and max= (its interval, not just its median)
//   trend   the ratio a=/b= moves one way across runtimes="r1,r2,…" (direction=
//           "up" | "down"): each step's ratio interval apart from the next
//   profile variant=, part=: the named part of a CPU profile holds the largest
//           share of its time (largest=true, default) or at least min= of it
//           (data/profiles.json, site/models/profiles.js)
//   growth  a='s sweep fit reads reading= ("faster than linear"…), and/or is
//           steepness= ("steeper than" | "less steep than" | "not told apart from") b='s
//   scores  a= has the higher debuggability score than b= (data/debuggability.json)
//   exact   variants="x,y": exactly these have a trace of way= (default
//           "reject") that points at the failing line: the "only" sentence
//   outcome variant=, mode=, outcome=: the variant's cells end in that outcome
//           (stack-overflow, timeout, crash, oom, skipped) at every n from the
//           first that does up; outcome="ok": every one of them finished (in
//           every mode, without mode=)
//   unranked a=, b=: too few repetitions for an interval, so the two are not
//           ranked; without a= and b=: no cell of the file (mode=, runtime=
//           narrow it) has one, so nothing in it ranks
//   reproduced variants=, verdict=, set=: each has that verdict in the 2013 reproduction table
// runtimes="r1,r2,…" on any relation but trend: it holds on each of them.
// a= and b= may carry their own runtime, "original@node-0.11", to compare one
// style across runtimes of one file, and their own mode, "x:d5@node-24";
// other keys (mode, n, scenario, metric, runtime, file) are those of
// {% compare %}.
//
// source= reads a companion post's file instead of perf@1, under the same
// rule: "delegation", "streamline-modes" or "chains" (data/<source>.json).
// Variants are named by their full id ("delegation-suspend"), mode= is the
// file's (flat, d5; setImmediate; sync, async), n= its n (the modulo in
// streamline-modes; "max", the most measured), and metric= time (the
// default), memory or after-first (chains): less is ahead. Until the file
// exists the post is a draft that is never published
// (posts/<post>.11tydata.js), and its sentences pass unchecked.
const { ProseNumberError, perfHit, perfCell, scenarioCell, scenarioN, narrow, same, runtimeMatch } = require('../lib/lookup');
const { oneHost } = require('../lib/host-guard');
const { debuggabilityView } = require('../models/debuggability');
const { growthFit, reading, steepness } = require('../models/growth');
const { reproduction2013 } = require('../models/reproduction-2013');
const { SCENARIO_METRICS } = require('../lib/perf-metrics');
const { scenarioData } = require('../lib/measured');
const { NOW_RUNTIME } = require('../lib/runtime-match');
const compareProse = require('./compare');
const { closeMedians, estimateOf, endOf, leftToRank, TIE_MARGIN_PCT } = require('../lib/one-rule');

class ClaimError extends ProseNumberError {}

const RELATIONS = ['ahead', 'tied', 'same', 'leads', 'ratio', 'trend', 'profile', 'scores', 'exact', 'growth', 'outcome', 'unranked', 'reproduced'];
const SOURCES = ['perf', 'delegation', 'streamline-modes', 'chains'];
const FILES = Object.fromEntries(SOURCES.slice(1).map((name) => [name, scenarioData(name)]));

// "original@node-24" → { variant, runtime }, "x:d5" → { variant, mode }; the
// runtime and mode fall back to runtime= and mode=.
function side(ref, kw, key) {
  // Not a runtime id: a side is a variant, then the runtime profile it is read on.
  const m = /^([^:@]+)(?::([^:@]+))?(?:@(.+))?$/.exec(String(ref || ''));
  if (!m) throw new ProseNumberError(`${key}= names a variant (optionally variant:mode@runtime; got "${ref || ''}")`);
  const [, variant, mode, runtime] = m;
  return { variant, mode: mode || kw.mode, runtime: runtime || kw.runtime, ownMode: !!mode };
}

function sourceOf(kw) {
  const source = kw.source === undefined ? 'perf' : String(kw.source);
  if (!SOURCES.includes(source)) throw new ProseNumberError(`source="${source}" is none of ${SOURCES.join(', ')}`);
  return source;
}

// The metric a companion post's claim ranks on (perf claims keep compare.js's).
function scenarioMetric(kw) {
  const m = SCENARIO_METRICS[kw.metric || 'time'];
  if (!m) throw new ProseNumberError(`unknown metric "${kw.metric}"; use one of ${Object.keys(SCENARIO_METRICS).join(', ')}`);
  if (m.higherIsBetter) throw new ProseNumberError(`claims rank on what is less when ahead; ${kw.metric} is n over each repetition's time, so it orders the styles as time does: leave metric= out`);
  return m;
}

const round = (x) => Number(x.toPrecision(3));
const fmt = (e) => (e.lo === null ? `${round(e.median)} (no interval)` : `${round(e.median)} (${round(e.lo)}–${round(e.hi)})`);

function claims(load, { profileView } = {}) {
  const c = compareProse(load);

  // The file a claim reads, and its cell for one side.
  function fileOf(kw) {
    const source = sourceOf(kw);
    if (source === 'perf') return { hit: perfHit(load, kw), cell: (hit, q) => perfCell(hit, q) };
    return { hit: FILES[source].measured(load), cell: (hit, q) => scenarioCell(hit, source, q), metric: scenarioMetric(kw) };
  }

  function cells(kw, refs) {
    const { hit, cell } = fileOf(kw);
    const found = refs.map(({ variant, runtime, mode }) => cell(hit, { ...kw, variant, runtime, mode }));
    oneHost(hit, found, '{% claim %}');
    return found;
  }

  // The one rule (site/lib/one-rule.js), on the claim's file and metric.
  const vs = (found, kw) => c.versus(found, kw, sourceOf(kw) === 'perf' ? undefined : scenarioMetric(kw));

  function pair(kw) {
    const refs = [side(kw.a, kw, 'a'), side(kw.b, kw, 'b')];
    return { refs, v: vs(cells(kw, refs), kw) };
  }

  function ids(kw) {
    const list = String(kw.variants || '').split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length < 2) throw new ProseNumberError('variants= names at least two variants, comma-separated');
    return list.map((id) => side(id, kw, 'variants'));
  }

  // A companion post's measured cells at one mode, n and runtime (unnamed,
  // "now"), as leads ranks them; exclude= leaves some out.
  function scenarioRows(kw) {
    for (const k of ['mode', 'n']) if (kw[k] === undefined) throw new ProseNumberError(`${k}= is required for leads`);
    const source = sourceOf(kw);
    const { hit, metric } = fileOf(kw);
    const found = leftToRank(narrow(hit.data.cells.filter((x) => x.scenario === source && x.status === 'ok'), [
      ['runtime', kw.runtime || NOW_RUNTIME, runtimeMatch], ['mode', kw.mode, same('mode')], ['n', scenarioN(hit, source, kw), same('n')],
    ], `${hit.shown} (measured cells)`), kw.exclude);
    oneHost(hit, found, '{% claim "leads" %}');
    return found.map((x) => ({ id: x.variant, ...estimateOf(x, metric, { what: kw.metric || 'time' }) }));
  }

  const name = (r) => `${r.variant}${r.ownMode ? ` (${r.mode})` : ''}${r.runtime ? ` on ${r.runtime}` : ''}`;

  // Each returns null when the data bear the sentence out, else why not.
  const check = {
    ahead(kw) {
      const { refs, v } = pair(kw);
      if (v.apart === null) return `${name(refs[0])} and ${name(refs[1])} have too few repetitions for an interval, so nothing ranks`;
      if (!v.apart) return `${name(refs[0])} ${fmt(v.a)} and ${name(refs[1])} ${fmt(v.b)} are tied: their 95 % intervals overlap`;
      if (v.a.median > v.b.median) return `${name(refs[1])} ${fmt(v.b)} ranks ahead of ${name(refs[0])} ${fmt(v.a)}, not the other way`;
      return null;
    },
    tied(kw, { close = false } = {}) {
      const refs = ids(kw);
      const hit = cells(kw, refs);
      for (let i = 0; i < refs.length; i++) {
        for (let j = i + 1; j < refs.length; j++) {
          const v = vs([hit[i], hit[j]], kw);
          if (v.apart === null) return `${name(refs[i])} and ${name(refs[j])} have too few repetitions for an interval`;
          if (v.apart) return `${name(refs[i])} ${fmt(v.a)} and ${name(refs[j])} ${fmt(v.b)} rank: their 95 % intervals are apart`;
          if (close && !closeMedians(v.a.median, v.b.median)) return `${name(refs[i])} ${fmt(v.a)} and ${name(refs[j])} ${fmt(v.b)} overlap but their medians are more than ${TIE_MARGIN_PCT} % apart: tied, not the same`;
        }
      }
      return null;
    },
    same(kw) {
      return check.tied(kw, { close: true });
    },
    leads(kw) {
      const { best, tied } = sourceOf(kw) === 'perf' ? c.leaders(kw) : endOf(scenarioRows(kw), { high: kw.end === 'high' });
      const end = kw.end === 'high' ? 'highest' : 'lowest';
      // exactly="x,y,…": the group at that end is these styles and no others.
      if (kw.exactly !== undefined) {
        const claimed = String(kw.exactly).split(',').map((x) => x.trim()).filter(Boolean).sort();
        const found = [best, ...tied].map((r) => r.id).sort();
        if (claimed.join() !== found.join()) return `the group at the ${end} end is ${found.join(', ')}, not ${claimed.join(', ')}`;
        return null;
      }
      if (best.id !== kw.a && !tied.some((r) => r.id === kw.a)) return `${kw.a} is not at the ${end} end: ${best.id} ${fmt(best)} leads and ${kw.a} is not tied with it`;
      if (kw.alone === true && (best.id !== kw.a || tied.length)) {
        const others = [best, ...tied].map((r) => r.id).filter((id) => id !== kw.a);
        return `${kw.a} is not alone at the ${end} end: tied with ${others.length} other style${others.length === 1 ? '' : 's'} (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''})`;
      }
      return null;
    },
    ratio(kw) {
      const { refs, v } = pair(kw);
      const min = kw.min === undefined ? -Infinity : Number(kw.min);
      const max = kw.max === undefined ? Infinity : Number(kw.max);
      if (!Number.isFinite(min) && !Number.isFinite(max)) throw new ProseNumberError('ratio needs min= or max=');
      if (v.apart === null) return `${name(refs[0])} over ${name(refs[1])} has no interval (too few repetitions)`;
      const lo = v.apart ? v.lo : v.a.lo / v.b.hi, hi = v.apart ? v.hi : v.a.hi / v.b.lo;
      if (lo < min || hi > max) return `${name(refs[0])} over ${name(refs[1])} is ${round(v.a.median / v.b.median)}× (interval ${round(lo)}–${round(hi)}×), not within ${kw.min ?? '…'}–${kw.max ?? '…'}×`;
      return null;
    },
    trend(kw) {
      const runtimes = String(kw.runtimes || '').split(',').map((s) => s.trim()).filter(Boolean);
      if (runtimes.length < 2) throw new ProseNumberError('runtimes= names at least two runtimes, in order');
      if (kw.direction !== 'up' && kw.direction !== 'down') throw new ProseNumberError(`direction= is "up" or "down" (got "${kw.direction}")`);
      const steps = runtimes.map((r) => {
        const v = vs(cells(kw, [{ variant: kw.a, runtime: r, mode: kw.mode }, { variant: kw.b, runtime: r, mode: kw.mode }]), kw);
        if (v.apart === null) throw new ClaimError(`${kw.a} over ${kw.b} on ${r} has no interval (too few repetitions)`);
        return { r, ratio: v.a.median / v.b.median, lo: v.a.lo / v.b.hi, hi: v.a.hi / v.b.lo };
      });
      for (let i = 1; i < steps.length; i++) {
        const [p, q] = [steps[i - 1], steps[i]];
        const ok = kw.direction === 'up' ? q.lo > p.hi : q.hi < p.lo;
        if (!ok) return `${kw.a} over ${kw.b} does not go ${kw.direction} from ${p.r} (${round(p.ratio)}×, ${round(p.lo)}–${round(p.hi)}) to ${q.r} (${round(q.ratio)}×, ${round(q.lo)}–${round(q.hi)})`;
      }
      return null;
    },
    profile(kw) {
      if (sourceOf(kw) !== 'perf') throw new ProseNumberError('profile reads data/profiles.json: leave source= out');
      if (!profileView) throw new ProseNumberError('no profile data are loaded (data/profiles.json)');
      const view = profileView(load, { variant: kw.variant, runtime: kw.runtime });
      const part = view.categories.find((x) => x.name === kw.part);
      if (!part) return `the profile of ${kw.variant} has no part "${kw.part}"; it has: ${view.categories.map((x) => x.name).join(', ')}`;
      if (kw.min !== undefined && part.share < Number(kw.min)) return `${kw.part} holds ${Math.round(part.share * 100)} % of ${kw.variant}'s time, under ${Math.round(Number(kw.min) * 100)} %`;
      if (kw.min === undefined || kw.largest === true) {
        const [top] = view.categories;
        if (top.name !== kw.part) return `${top.name} (${Math.round(top.share * 100)} %), not ${kw.part} (${Math.round(part.share * 100)} %), holds the most of ${kw.variant}'s time`;
      }
      return null;
    },
    // Growth exponents of the sweep (site/models/growth.js): reading= the
    // fit's own reading ("faster than linear", …), or steepness= against b=
    // ("steeper than", "less steep than", "not told apart from").
    growth(kw) {
      const a = growthFit(load, kw.a, kw);
      if (kw.reading !== undefined && reading(a) !== kw.reading) return `${kw.a}'s growth reads "${reading(a)}", not "${kw.reading}"`;
      if (kw.b !== undefined) {
        const b = growthFit(load, kw.b, kw);
        const s = steepness(a, b);
        if (s !== kw.steepness) return `${kw.a}'s k ${a.k.toFixed(2)} (${a.ci[0].toFixed(2)}–${a.ci[1].toFixed(2)}) is ${s} ${kw.b}'s ${b.k.toFixed(2)} (${b.ci[0].toFixed(2)}–${b.ci[1].toFixed(2)}), not "${kw.steepness}"`;
      }
      return null;
    },
    // Debuggability scores are counted from recorded traces, not timed: no
    // interval, so a higher score is simply higher.
    scores(kw) {
      const [a, b] = [kw.a, kw.b].map((id) => debugVariant(id, kw));
      if (!(a.score.score > b.score.score)) return `${kw.a} scores ${a.score.score} and ${kw.b} ${b.score.score}`;
      return null;
    },
    // The 2013 reproduction (site/models/reproduction-2013.js): each of
    // variants= has verdict= ("agrees", "differs", "tied within spread").
    reproduced(kw) {
      const rows = reproduction2013({ set: kw.set || 'cpu', runtime: kw.runtime, n: kw.n }, load).rows;
      for (const id of String(kw.variants || '').split(',').map((x) => x.trim()).filter(Boolean)) {
        const row = rows.find((r) => r.name === id);
        if (!row) return `${id} is not in the ${kw.set || 'cpu'} reproduction table`;
        if (row.verdict !== kw.verdict) return `${id} ${row.verdict === 'agrees' ? 'agrees' : `is "${row.verdict}"`}, not "${kw.verdict}"`;
      }
      return null;
    },
    // "Only X and Y …": exactly these variants have a trace of way= that
    // points at the failing line (quality "exact").
    exact(kw) {
      const claimed = String(kw.variants || '').split(',').map((s) => s.trim()).filter(Boolean).sort();
      const way = kw.way || 'reject';
      const hit = load('debuggability');
      const all = debuggabilityView(hit.data, kw.runtime).variants;
      const found = all.filter((v) => (v.traces || []).some((t) => t.way === way && !t.longStack && t.quality === 'exact')).map((v) => v.id).sort();
      if (found.join() !== claimed.join()) return `the variants whose "${way}" trace points at the failing line are ${found.join(', ') || 'none'}, not ${claimed.join(', ')}`;
      return null;
    },
    outcome(kw) {
      if (!kw.variant || !kw.outcome) throw new ProseNumberError('outcome needs variant= and outcome= ("ok", or how a run ended: stack-overflow, timeout, crash, oom, skipped)');
      // "From the first n up" orders one mode's cells; "ok" may span every mode.
      if (kw.outcome !== 'ok' && !kw.mode) throw new ProseNumberError(`outcome="${kw.outcome}" needs mode=: it holds from the first n of one mode up`);
      const source = sourceOf(kw);
      const { hit } = fileOf(kw);
      const mine = narrow(hit.data.cells.filter((x) => x.scenario === (source === 'perf' ? kw.scenario || 'upload' : source)), [
        ['runtime', kw.runtime || NOW_RUNTIME, runtimeMatch], ['mode', kw.mode, same('mode')], ['variant', kw.variant, same('variant')],
      ], hit.shown).sort((x, y) => x.n - y.n);
      const at = (x) => `${x.status} at n = ${x.n}`;
      if (kw.outcome === 'ok') {
        const bad = mine.filter((x) => x.status !== 'ok');
        return bad.length ? `${kw.variant} did not finish everywhere: ${bad.map(at).join(', ')}` : null;
      }
      const first = mine.findIndex((x) => x.status === kw.outcome);
      if (first < 0) return `${kw.variant} never ended in ${kw.outcome}: ${[...new Set(mine.map((x) => x.status))].join(', ')}`;
      const after = mine.slice(first).filter((x) => x.status !== kw.outcome);
      if (after.length) return `${kw.variant} ended in ${kw.outcome} at n = ${mine[first].n} but not at every n above it (${after.map(at).join(', ')})`;
      return null;
    },
    unranked(kw) {
      if (kw.a || kw.b) {
        const { refs, v } = pair(kw);
        return v.apart === null ? null : `${name(refs[0])} ${fmt(v.a)} and ${name(refs[1])} ${fmt(v.b)} have 95 % intervals now, so they can be ranked (or tied)`;
      }
      const source = sourceOf(kw);
      if (source === 'perf') throw new ProseNumberError('unranked over a whole file reads a companion post\'s file (source=); for perf name a= and b=');
      const { hit, metric } = fileOf(kw);
      const ok = narrow(hit.data.cells.filter((x) => x.scenario === source && x.status === 'ok'), [
        ['runtime', kw.runtime, runtimeMatch], ['mode', kw.mode, same('mode')],
      ], `${hit.shown} (measured cells)`);
      for (const x of ok) {
        const e = estimateOf(x, metric, { allowFew: true });
        if (e.lo !== null) return `${x.key} has a 95 % interval of its median, ${fmt(e)}, so the file can rank`;
      }
      return null;
    },
  };

  function debugVariant(id, kw) {
    const hit = load('debuggability');
    const v = debuggabilityView(hit.data, kw.runtime).variants.find((x) => x.id === id);
    if (!v || !v.score) throw new ProseNumberError(`${hit.shown} has no score for "${id}"`);
    return v;
  }

  // The sentence as a reader sees it, for the error.
  const quote = (content) => {
    const text = String(content).replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
    return text.length > 240 ? `${text.slice(0, 237)}…` : text;
  };

  return function claim(content, relation, kw) {
    if (!RELATIONS.includes(relation)) throw new ProseNumberError(`unknown claim "${relation}"; use one of ${RELATIONS.join(', ')}`);
    // A companion post without its file is a draft, never published: its
    // sentences wait for the data.
    const source = sourceOf(kw);
    if (source !== 'perf' && !FILES[source].measured(load)) return content;
    // runtimes= on any relation but trend: the sentence holds on each of them.
    let why = null;
    if (kw.runtimes !== undefined && relation !== 'trend') {
      for (const runtime of String(kw.runtimes).split(',').map((r) => r.trim()).filter(Boolean)) {
        why = check[relation]({ ...kw, runtime, runtimes: undefined });
        if (why !== null) { why = `on ${runtime}: ${why}`; break; }
      }
    } else {
      why = check[relation](kw);
    }
    if (why !== null) throw new ClaimError(`the sentence "${quote(content)}" is no longer true: ${why}. Rewrite it to what the data say, or remove it`);
    return content;
  };
}

module.exports = { claims, ClaimError, RELATIONS };
