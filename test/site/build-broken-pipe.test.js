'use strict';
// A failing build piped to a reader that stops early
// (`CHARTS_DATA_DIR=empty npx eleventy 2>&1 | head -2`) must exit, not spin:
// Eleventy reports the EPIPE of its own error message as an uncaught
// exception, whose report hits the closed pipe again, for ever (issue 25,
// item 7). The child's stdout and stderr share one pipe into `head -2`, as
// in the shell line.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
// Counted from the moment head exits, never from the build's start: how long
// a build takes to reach its first lines depends on how busy the machine is,
// the exit after a closed pipe does not (a spinning build never exits).
const PROMPT_MS = 10000;
const GIVE_UP_MS = 20000;
// Only a build that never reaches head's two lines (something else broke).
const NEVER_MS = 5 * 60 * 1000;

function pipedBuild(t, env, stream, args = []) {
  return new Promise((resolve) => {
    const head = spawn('head', ['-2'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let shown = '';
    head.stdout.on('data', (d) => { shown += d; });
    let started = 0;
    let killer = setTimeout(() => build.kill('SIGKILL'), NEVER_MS);
    head.on('exit', () => {
      started = Date.now();
      clearTimeout(killer);
      killer = setTimeout(() => build.kill('SIGKILL'), GIVE_UP_MS);
    });
    // The build writes into head's stdin; only its stdout, only its stderr,
    // or both, so each stream's EPIPE is tried on its own.
    const stdio = ['ignore', stream === 'stderr' ? 'ignore' : head.stdin, stream === 'stdout' ? 'pipe' : head.stdin];
    const build = spawn(process.execPath, [CLI, ...(stream === 'stdout' ? [] : ['--quiet']), ...args], { cwd: ROOT, stdio, env: { ...process.env, ...env } });
    let stderr = '';
    if (build.stderr) build.stderr.on('data', (d) => { stderr += d; });
    // The build holds its own copy of the pipe's write end.
    head.stdin.destroy();
    t.after(() => { clearTimeout(killer); build.kill('SIGKILL'); });
    build.on('exit', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, afterHeadMs: started ? Date.now() - started : 0, shown, stderr });
    });
  });
}

test('a failing build piped to head -2 (stdout and stderr) exits within seconds, non-zero', async (t) => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-empty-data-'));
  t.after(() => fs.rmSync(empty, { recursive: true, force: true }));
  const r = await pipedBuild(t, { CHARTS_DATA_DIR: empty }, 'both');
  assert.equal(r.signal, null, `the build spun after head had closed the pipe, killed after ${GIVE_UP_MS} ms`);
  assert.ok(r.afterHeadMs < PROMPT_MS, `the build took ${r.afterHeadMs} ms to exit after head closed the pipe`);
  assert.notEqual(r.code, 0);
  assert.match(r.shown, /Data check failed/);
});

test('a failing build whose stderr alone goes to head -2 exits within seconds', async (t) => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-empty-data-'));
  t.after(() => fs.rmSync(empty, { recursive: true, force: true }));
  const r = await pipedBuild(t, { CHARTS_DATA_DIR: empty }, 'stderr');
  assert.equal(r.signal, null, `the build spun after head had closed the pipe, killed after ${GIVE_UP_MS} ms`);
  assert.ok(r.afterHeadMs < PROMPT_MS, `the build took ${r.afterHeadMs} ms to exit after head closed the pipe`);
  assert.notEqual(r.code, 0);
});

test('a build whose stdout alone goes to head -2 stops within seconds, with no EPIPE stack trace on stderr', async (t) => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-piped-site-'));
  t.after(() => fs.rmSync(out, { recursive: true, force: true }));
  const r = await pipedBuild(t, {}, 'stdout', [`--output=${out}`]);
  assert.equal(r.signal, null, `the build spun after head had closed the pipe, killed after ${GIVE_UP_MS} ms`);
  assert.ok(r.afterHeadMs < PROMPT_MS, `the build took ${r.afterHeadMs} ms to exit after head closed the pipe`);
  assert.match(r.shown, /^\[11ty\] Writing /m);
  assert.doesNotMatch(r.stderr, /EPIPE|Uncaught exception/);
  assert.notEqual(r.code, 0, 'the build stopped before writing every page');
});
