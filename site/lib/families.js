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

function withFamilies(model) {
  const families = familyGroups(model.series.map((s) => s.label));
  return families ? { ...model, families } : model;
}

module.exports = { FAMILIES, familyGroups, withFamilies };
