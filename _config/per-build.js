'use strict';
// Values worked out once per build and shared by every page and shortcode
// call of that build. A value lives as long as the build's data loader
// (renewed before each build, _config/data-files.js), so a --serve rebuild
// sees edited files while one build never works a value out twice.
const { buildLoader } = require('./data-files');
const { loadManifest } = require('../scripts/lib/manifest');

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

module.exports = { perBuild, buildManifest };
