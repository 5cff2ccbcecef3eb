'use strict';
// The style family of each series of a chart, from examples/manifest.json,
// for the page's legend (grouped by family, a toggle per group) and colours
// (a hue per family). A chart whose series are not all variants of the
// manifest (the 2013 figures, the chains and delegation runners) gets none.
const { buildManifest } = require('./per-build');
// The order families are listed in (the manifest schema's): the 2013 article's, then what came after.
const { FAMILIES } = require('../../scripts/lib/manifest');

// labels -> [[family, [index of each of its series, in chart order]], ...]
// in FAMILIES order, or null when a label is not a manifest variant.
function familyGroups(labels, variants = buildManifest().variants) {
  const familyOf = new Map(variants.map((v) => [v.id, v.family]));
  if (!labels.length || !labels.every((l) => familyOf.has(l))) return null;
  const order = (f) => (FAMILIES.includes(f) ? FAMILIES.indexOf(f) : FAMILIES.length);
  const groups = new Map();
  labels.forEach((l, i) => {
    const f = familyOf.get(l);
    if (!groups.has(f)) groups.set(f, []);
    groups.get(f).push(i);
  });
  return [...groups].sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]));
}

// The all-style line charts open on a readable view (issue 43): at most
// about ten series, the representatives of each family the chart shows, the
// rest one click away (the legend, "Show all", assets/js/flot-series-view.js).
// A representative is the style a reader of that family reaches for first,
// or the pole the article discusses; a family with none of them in a chart
// is represented by its first series.
const REPRESENTATIVES = Object.freeze([
  'original', // callbacks: the 2013 article's reference, every ratio's baseline
  'promises-native', 'promises-bluebird', 'promises-q', // promises: built in, the fast library, the slow one
  'generators-co', // generators
  'async-await', // async functions
  'rx', // reactive
  'fibrous', // fibers
  'streamline-callbacks', // compiled: the 2013 article's streamline
]);
// Charts with no more visible series than this open on all of them.
const MAX_OPENING = 10;

// model: a chart model with families (withFamilies); shown: the labels the
// author's filter leaves → the labels the chart opens on, in chart order, or
// null to open on all of them. A model may name its own (model.view, the
// runner's chart: the styles its quick run ticks).
function openingView(model, shown) {
  if (model.kind === 'ranked' || !model.families) return null;
  const visible = new Set(shown);
  if (model.view) return model.series.map((s) => s.label).filter((l) => visible.has(l) && model.view.includes(l));
  if (visible.size <= MAX_OPENING) return null;
  const picks = new Set();
  for (const [, members] of model.families) {
    const labels = members.map((i) => model.series[i].label).filter((l) => visible.has(l));
    const reps = labels.filter((l) => REPRESENTATIVES.includes(l));
    (reps.length ? reps : labels.slice(0, 1)).forEach((l) => picks.add(l));
  }
  return model.series.map((s) => s.label).filter((l) => picks.has(l));
}

function withFamilies(model) {
  const families = familyGroups(model.series.map((s) => s.label));
  return families ? { ...model, families } : model;
}

module.exports = { FAMILIES, familyGroups, withFamilies, openingView, REPRESENTATIVES, MAX_OPENING };
