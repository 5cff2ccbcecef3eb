'use strict';
// The article's paragraph on each variant, and on each family, kept in
// posts/analysis/variants-prose.json so the article and every variant page
// show the same words. The manifest decides which variants exist: a
// paragraph for an id the manifest lacks, or a variant or family without one,
// fails the build, so the article can neither describe a variant that is
// gone nor silently skip a new one.
//
// File shape: { "families": { <family>: { "title", "text" } },
//               "variants": { <id>: "paragraph" } }
// Paragraphs may use `code` spans and nothing else from markdown: the article
// renders them as markdown, the variant pages with the inlineCode filter.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const PROSE = path.join(ROOT, 'posts', 'analysis', 'variants-prose.json');

const isText = (v) => typeof v === 'string' && v.trim() !== '';

// -> list of problems, empty when prose and manifest agree.
function proseProblems(prose, manifest) {
  const problems = [];
  if (!prose || typeof prose !== 'object') return ['expected an object { "families": {...}, "variants": {...} }'];
  const variants = prose.variants && typeof prose.variants === 'object' ? prose.variants : null;
  const families = prose.families && typeof prose.families === 'object' ? prose.families : null;
  if (!variants) problems.push('"variants" must be an object of variant id → paragraph');
  if (!families) problems.push('"families" must be an object of family → { "title", "text" }');
  if (problems.length) return problems;

  const ids = new Set(manifest.variants.map((v) => v.id));
  const familyIds = new Set(manifest.variants.map((v) => v.family));
  for (const id of Object.keys(variants)) {
    if (!ids.has(id)) problems.push(`variants: "${id}" is not a variant in examples/manifest.json (renamed or removed?); delete or rename its paragraph`);
    else if (!isText(variants[id])) problems.push(`variants: "${id}" must be a non-empty paragraph`);
  }
  for (const id of ids) {
    if (!(id in variants)) problems.push(`variants: "${id}" is in examples/manifest.json but has no paragraph; add one`);
  }
  for (const f of Object.keys(families)) {
    if (!familyIds.has(f)) problems.push(`families: no variant in examples/manifest.json has the family "${f}"; delete its entry`);
    else if (!families[f] || !isText(families[f].title) || !isText(families[f].text)) problems.push(`families: "${f}" needs a non-empty "title" and "text"`);
  }
  for (const f of familyIds) {
    if (!(f in families)) problems.push(`families: "${f}" is used in examples/manifest.json but has no title and text; add them`);
  }
  return problems;
}

function loadProse(manifest, file = PROSE) {
  const where = path.relative(process.cwd(), file);
  let prose;
  try {
    prose = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${where}: cannot read the variant paragraphs: ${err.message}.`);
  }
  const problems = proseProblems(prose, manifest);
  if (problems.length) throw new Error(`${where} does not match examples/manifest.json:\n  - ${problems.join('\n  - ')}`);
  return prose;
}

module.exports = { proseProblems, loadProse, PROSE };
