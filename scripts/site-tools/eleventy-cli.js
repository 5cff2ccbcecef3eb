// Runs the Eleventy command line of this checkout. Builds go through the CLI,
// not the programmatic API, because the API lets .eleventy.js's `dir` override
// the input and output it is given, and a build should be exactly what an
// author gets from `npm run build`.
'use strict';
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const { ROOT } = require('../lib/paths');
const CLI = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');

// → spawnSync's result (status, stdout, stderr), run from the repo root.
function runEleventy(args = [], env = {}) {
  return spawnSync(process.execPath, [CLI, '--quiet', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

module.exports = { runEleventy };
