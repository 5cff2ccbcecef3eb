'use strict';
// Builds a fixture site with the project's own .eleventy.js, into a temporary
// directory, so tests see exactly what an author would see from `npm run build`.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runEleventy } = require('../../scripts/site-tools/eleventy-cli');

// Returns { ok, output, log } where log is stdout+stderr of the build. The
// output folder is removed when the test `t` ends, whatever its outcome.
function buildFixture(name, t) {
  const input = path.join('test', 'fixtures', name);
  const output = fs.mkdtempSync(path.join(os.tmpdir(), `asyncbench-${name}-`));
  t.after(() => fs.rmSync(output, { recursive: true, force: true }));
  const r = runEleventy([`--input=${input}`, `--output=${output}`]);
  return { ok: r.status === 0, output, log: `${r.stdout}\n${r.stderr}` };
}

// Builds the real site into a temporary directory with the given environment
// (e.g. CHARTS_DATA_DIR naming a data folder). Unset variables that change
// what a build accepts, so the caller's shell cannot turn a check off.
// Returns { ok, output, log }; the caller removes output.
function buildSiteWith(env) {
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-site-'));
  const r = runEleventy([`--output=${output}`], { ASYNCBENCH_ALLOW_INCOMPLETE: '', ASYNCBENCH_DRAFTS: '', ...env });
  return { ok: r.status === 0, output, log: `${r.stdout}\n${r.stderr}` };
}

module.exports = { buildFixture, buildSiteWith };
