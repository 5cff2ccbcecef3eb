'use strict';
// Builds a fixture site with the project's own .eleventy.js through the
// Eleventy CLI, into a temporary directory, so tests see exactly what an
// author would see from `npm run build`. (The programmatic API lets the
// config's `dir` override the input and output it is given; the CLI does not.)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT } = require('./site');

const CLI = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');

// Returns { ok, output, log } where log is stdout+stderr of the build.
function buildFixture(name) {
  const input = path.join('test', 'fixtures', name);
  const output = fs.mkdtempSync(path.join(os.tmpdir(), `asyncbench-${name}-`));
  const r = spawnSync(process.execPath, [CLI, `--input=${input}`, `--output=${output}`, '--quiet'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { ok: r.status === 0, output, log: `${r.stdout}\n${r.stderr}` };
}

module.exports = { buildFixture };
