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
// all under the one rule of site/prose/compare.js (versus): two medians rank
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
// runtimes="r1,r2,…" on any relation but trend: it holds on each of them.
// a= and b= may carry their own runtime, "original@node-0.11", to compare one
// style across runtimes of one file; other keys (mode, n, scenario, metric,
// runtime, file) are those of {% compare %}.
const { ProseNumberError, perfHit, perfCell } = require('../lib/lookup');
const { oneHost } = require('../lib/host-guard');
const { debuggabilityView } = require('../models/debuggability');
const compareProse = require('./compare');
const { closeMedians } = compareProse;

class ClaimError extends ProseNumberError {}

const RELATIONS = ['ahead', 'tied', 'same', 'leads', 'ratio', 'trend', 'profile', 'scores', 'exact', 'growth'];

// "original@node-24" → { variant, runtime }; the runtime falls back to runtime=.
function side(ref, kw, key) {
  if (!ref) throw new ProseNumberError(`${key}= names a variant (optionally variant@runtime)`);
  const [variant, runtime] = String(ref).split('@');
  return { variant, runtime: runtime || kw.runtime };
}

const round = (x) => Number(x.toPrecision(3));
const fmt = (e) => (e.lo === null ? `${round(e.median)} (no interval)` : `${round(e.median)} (${round(e.lo)}–${round(e.hi)})`);

function claims(load, { profileView } = {}) {
  const c = compareProse(load);

  function cells(kw, refs) {
    const hit = perfHit(load, kw);
    const found = refs.map(({ variant, runtime }) => perfCell(hit, { ...kw, variant, runtime }));
    oneHost(hit, found, '{% claim %}');
    return found;
  }

  function pair(kw) {
    const refs = [side(kw.a, kw, 'a'), side(kw.b, kw, 'b')];
    return { refs, v: c.versus(cells(kw, refs), kw) };
  }

  function ids(kw) {
    const list = String(kw.variants || '').split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length < 2) throw new ProseNumberError('variants= names at least two variants, comma-separated');
    return list.map((id) => side(id, kw, 'variants'));
  }

  const name = (r) => (r.runtime ? `${r.variant} on ${r.runtime}` : r.variant);

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
          const v = c.versus([hit[i], hit[j]], kw);
          if (v.apart === null) return `${name(refs[i])} and ${name(refs[j])} have too few repetitions for an interval`;
          if (v.apart) return `${name(refs[i])} ${fmt(v.a)} and ${name(refs[j])} ${fmt(v.b)} rank: their 95 % intervals are apart`;
          if (close && !closeMedians(v.a.median, v.b.median)) return `${name(refs[i])} ${fmt(v.a)} and ${name(refs[j])} ${fmt(v.b)} overlap but their medians are more than ${compareProse.TIE_MARGIN_PCT} % apart: tied, not the same`;
        }
      }
      return null;
    },
    same(kw) {
      return check.tied(kw, { close: true });
    },
    leads(kw) {
      const { best, tied } = c.leaders(kw);
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
        const v = c.versus(cells(kw, [{ variant: kw.a, runtime: r }, { variant: kw.b, runtime: r }]), kw);
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
      const { growthFit, reading, steepness } = require('../models/growth');
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
