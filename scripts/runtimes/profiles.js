// Where runtimes installed by scripts/install-runtime.js live, so the
// installer, the tests and the harness agree on one layout:
//   .cache/runtimes/node-<version>/bin/node
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const ROOT = path.join(__dirname, '..', '..');
const CACHE = path.join(ROOT, '.cache', 'runtimes');

// "node@0.11.14" → { name: 'node', version: '0.11.14' }
function parseSpec(spec) {
  const m = /^(node)@(\d+\.\d+\.\d+)$/.exec(String(spec));
  if (!m) throw new Error(`unknown runtime "${spec}": expected node@MAJOR.MINOR.PATCH, e.g. node@0.11.14`);
  return { name: m[1], version: m[2] };
}

function runtimeDir(spec) {
  const { name, version } = parseSpec(spec);
  return path.join(CACHE, `${name}-${version}`);
}

function runtimeBinary(spec) {
  return path.join(runtimeDir(spec), 'bin', 'node');
}

function isInstalled(spec) {
  return fs.existsSync(runtimeBinary(spec));
}

// Node before 4 keeps generators behind a flag.
function defaultFlags(spec) {
  const { version } = parseSpec(spec);
  return /^0\./.test(version) ? ['--harmony'] : [];
}

module.exports = { CACHE, parseSpec, runtimeDir, runtimeBinary, isInstalled, defaultFlags };
