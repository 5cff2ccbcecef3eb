// The build's data, registered first: every plugin after this one draws on it.
//   - data/*.json: read and checked once per build (site/lib/data-files.js); a
//     missing, invalid or unfinished file stops the build before anything
//     renders, naming the file and the JSON path. The same reads serve
//     Eleventy's global data, so a large perf-<profile>.json is parsed once.
//   - perfNow: the default runtime's perf file (site/lib/perf-files.js), for
//     templates: its global data key, perf-node-24, is no Nunjucks name.
//   - perfProfiles: the runtime profiles that have a perf file in data/.
//   - manifest: examples/manifest.json (scripts/lib/manifest.js), never a copy.
//   - variantProse: posts/analysis/variants-prose.json, checked against the
//     manifest (site/variant-prose.js).
// options.proseFile: another paragraphs file (tests point it at a broken one).
const fs = require('node:fs');
const path = require('node:path');
const { buildLoader, renewBuildLoader, buildManifest } = require('../site/lib/per-build');
const { DEFAULT_PERF, PROFILES, fileOfProfile } = require('../site/lib/perf-files');
const { loadProse } = require('../site/variant-prose');

// Eleventy's reader of *.json data (global data from data/, and any
// *.11tydata.json). A file the build loader checks anyway is taken from its
// cache; anything else is parsed as Eleventy would.
function eleventyJson(filePath) {
  const file = path.resolve(filePath);
  const loader = buildLoader();
  if (path.dirname(file) === loader.dataDir && file.endsWith('.json')) {
    const hit = loader(path.basename(file, '.json'));
    if (hit.data) return hit.data;
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

module.exports = function data(eleventyConfig, options = {}) {
  // Fresh data on every (re)build, so --serve picks up regenerated files.
  eleventyConfig.on('eleventy.before', () => renewBuildLoader().checkAll());
  eleventyConfig.addDataExtension('json', { parser: eleventyJson, read: false });
  eleventyConfig.addGlobalData('manifest', () => buildManifest());
  eleventyConfig.addGlobalData('perfNow', () => buildLoader()(DEFAULT_PERF).data);
  // The runtime profiles with a file in data/, in release order: the results
  // page lists the runs of each.
  eleventyConfig.addGlobalData('perfProfiles', () => PROFILES.filter((p) => buildLoader().has(fileOfProfile(p))));
  eleventyConfig.addGlobalData('variantProse', () => loadProse(buildManifest(), options.proseFile));
};
