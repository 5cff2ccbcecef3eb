'use strict';
// What one build reads once and every page and shortcode of that build
// shares: the data loader (each data file read and checked once), and values
// worked out from it. _config/data.js renews the loader before each build, so
// a --serve rebuild sees edited files while one build never reads a file or
// works a value out twice. The loader keeps its verdicts in the build cache
// (site/lib/data-files.js says on what they are keyed), so a build checks only
// the data files that changed since one passed.
const { makeLoader, CACHE } = require('./data-files');
const { loadManifest } = require('../../scripts/lib/manifest');
const { openCache } = require('../../scripts/lib/build-cache');

const newLoader = () => makeLoader({ cache: openCache(CACHE) });
let shared = null;
function buildLoader() {
  if (!shared) shared = newLoader();
  return shared;
}
function renewBuildLoader() {
  shared = newLoader();
  return shared;
}

// For plugins registered once: the loader of whichever build is running
// (load(name), load.has(name)), so a --serve rebuild reads renewed data.
function currentLoad() {
  const load = (name) => buildLoader()(name);
  load.has = (name) => buildLoader().has(name);
  return load;
}

// A value that lives as long as the build's loader.
function perBuild(make) {
  const memo = new WeakMap();
  return () => {
    const key = buildLoader();
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key);
  };
}

// examples/manifest.json, read and checked once per build (variant links in
// prose asked for it on every call: 65 reads per build).
const buildManifest = perBuild(() => loadManifest());

module.exports = { buildLoader, renewBuildLoader, currentLoad, perBuild, buildManifest };
