'use strict';
// Issue 30, item 3: the `chromium` runtime profile. `npm run bench --
// --runtimes chromium --quick` drives real headless Chromium through
// playwright-core (one fresh page and Web Worker per repetition, the worker
// bundles of "Run it in your browser") and writes cells that validate against
// the perf@1 JSON Schema like any runtime's; variants a browser cannot run and
// scenarios its worker lacks are skipped with the reason; no browser is one
// line saying what to do. Figures are checked for shape, never for speed.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { keyOfName, validator } = require('../../scripts/lib/schemas');
const { BrowserNotFoundError } = require('../../scripts/lib/find-browser');
const { browserProblem } = require('../../scripts/harness/browser/chromium-runtime');

const ROOT = path.join(__dirname, '..', '..');
const BENCH = path.join(ROOT, 'scripts', 'bench.js');
const STYLES = ['original', 'promises-native', 'fibrous'];

function bench(args, env = {}) {
  return spawnSync(process.execPath, [BENCH, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240000, env: { ...process.env, ...env } });
}

test('--runtimes chromium --quick writes valid cells, in real headless Chromium', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-chromium-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'perf-chromium.json');
  // Both modes and two sizes, as --quick once ran (it is cpu at n 100 now):
  // the worker's fake I/O is timed differently in each mode.
  const plan = ['--mode', 'cpu,io', '--n', '100,300'];
  const r = bench(['--runtimes', 'chromium', '--quick', ...plan, '--variants', `^(${STYLES.join('|')})$`, '--scenario', 'upload,errors', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const data = JSON.parse(fs.readFileSync(out, 'utf8'));
  const validate = validator(keyOfName('asyncbench/perf@1'));
  assert.ok(validate(data), JSON.stringify(validate.errors, null, 1));
  assert.ok(!fs.existsSync(`${out}.journal`), 'a finished run leaves no journal');

  const [run] = Object.values(data.runs);
  const [rt] = Object.values(run.runtimes);
  assert.equal(rt.profile, 'chromium');
  assert.equal(rt.engine, 'v8');
  assert.match(rt.id, /^chromium@\d+\.\d+\.\d+\.\d+$/);
  assert.match(rt.v8, /^\d+\.\d+\.\d+/, 'V8 version from the DevTools protocol');
  assert.equal(typeof rt.browser.memory.available, 'boolean');
  assert.equal(rt.session, undefined, 'the live session is not written');

  const ok = data.cells.filter((c) => c.scenario === 'upload' && c.variant !== 'fibrous');
  assert.equal(ok.length, 3 * 2 * 2, 'original, promises-native and the floor, cpu and io, n 100 and 300');
  for (const c of ok) {
    assert.equal(c.status, 'ok', `${c.key}: ${c.error}`);
    assert.equal(c.runtime, rt.id);
    assert.equal(c.samples.length, 1);
    const [s] = c.samples;
    assert.equal(typeof s.timeMs, 'number');
    assert.equal(s.clock, 'performance.now');
    assert.equal(s.memorySource, 'none', 'memory marked not measured');
    assert.equal(s.peakRssMb, null);
    assert.equal(typeof s.interferenceSource, 'string', 'the interference meter judged it');
  }
  const fibrous = data.cells.filter((c) => c.variant === 'fibrous' && c.scenario === 'upload');
  assert.equal(fibrous.length, 4);
  for (const c of fibrous) {
    assert.equal(c.status, 'skipped');
    assert.match(c.error, /^needs fibers.*\(chromium@.*, browser\)$/, 'a variant a browser cannot run is skipped with the reason');
  }
  const errors = data.cells.filter((c) => c.scenario === 'errors' && !['fibrous', 'floor'].includes(c.variant));
  assert.equal(errors.length, 2 * 2 * 2);
  for (const c of errors) assert.match(c.error, /runs the upload scenario only/, 'a scenario the worker lacks is skipped');
  const floors = data.cells.filter((c) => c.scenario === 'errors' && c.variant === 'floor');
  assert.ok(floors.length && floors.every((c) => c.status === 'skipped'), 'and so is its floor, with no style beside it');

  // --resume: every repetition is there, so nothing runs and nothing is lost.
  const again = bench(['--runtimes', 'chromium', '--quick', ...plan, '--variants', `^(${STYLES.join('|')})$`, '--scenario', 'upload,errors', '--out', out, '--resume']);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /: 0 jobs to run/);
  const kept = JSON.parse(fs.readFileSync(out, 'utf8'));
  for (const c of ok) assert.deepEqual(kept.cells.find((k) => k.key === c.key).samples, c.samples);
});

test('styles whose libraries reach for Node\'s globals run; one whose library hides its requires is skipped at build time', (t) => {
  // genny reads `global` on load, suspend 0.3 and co 3 schedule with
  // setImmediate: the worker gives them both (scripts/lib/measure/node-globals.js), as
  // browserify gave a page. when.js hands `require` around as a value, which
  // no bundler can follow: it is skipped with esbuild's message, not timed.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-chromium-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'perf-chromium.json');
  const globals = ['generators-genny', 'generators-suspend-0-3', 'generators-co-thunks'];
  const r = bench(['--runtimes', 'chromium', '--quick', '--variants', `^(${globals.join('|')}|promises-when)$`, '--scenario', 'upload', '--mode', 'cpu', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const cells = JSON.parse(fs.readFileSync(out, 'utf8')).cells;
  for (const id of globals) {
    const mine = cells.filter((c) => c.variant === id);
    assert.ok(mine.length, `${id} was planned`);
    for (const c of mine) assert.equal(c.status, 'ok', `${c.key}: ${c.error}`);
  }
  const when = cells.filter((c) => c.variant === 'promises-when');
  assert.ok(when.length);
  for (const c of when) {
    assert.equal(c.status, 'skipped', `${c.key} is not run`);
    assert.match(c.error, /does not bundle for a browser/);
  }
});

test('compiled styles are compiled and bundled like any other: regenerator\'s runs, those whose runtime does not bundle are skipped with why', (t) => {
  // The run compiles what is stale (scripts/bench.js) before the browser's
  // bundles are built; no style is refused for having a compile step.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-chromium-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'perf-chromium.json');
  const ids = ['regenerator-co', 'stratifiedjs', 'traceur-co', 'streamline-callbacks'];
  const r = bench(['--runtimes', 'chromium', '--quick', '--variants', `^(${ids.join('|')})$`, '--scenario', 'upload', '--mode', 'cpu', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const cells = JSON.parse(fs.readFileSync(out, 'utf8')).cells;
  const of = (id) => cells.filter((c) => c.variant === id);
  assert.ok(of('regenerator-co').length, 'regenerator-co was planned');
  for (const c of of('regenerator-co')) {
    assert.equal(c.status, 'ok', `${c.key}: ${c.error}`);
    assert.equal(c.samples.length, 1);
  }
  const skipped = { stratifiedjs: /the package stratifiedjs requires Node’s "(path|fs)" module, which a browser does not have/,
    'traceur-co': /the package traceur requires Node’s "path" module/, 'streamline-callbacks': /the package streamline uses Node’s require as a value/ };
  for (const [id, why] of Object.entries(skipped)) {
    assert.ok(of(id).length, `${id} was planned`);
    for (const c of of(id)) {
      assert.equal(c.status, 'skipped', `${c.key} is not run`);
      assert.match(c.error, /^does not bundle for a browser: /);
      assert.match(c.error, why);
      assert.doesNotMatch(c.error, /compiles nothing/);
    }
  }
});

test('no Chromium: one line naming the profile, what was tried and what to do; the run exits 1', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-chromium-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const r = bench(['--runtimes', 'chromium', '--quick', '--variants', '^original$', '--scenario', 'upload', '--out', path.join(dir, 'p.json')],
    { CHROMIUM_PATH: path.join(dir, 'no-such-browser') });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /chromium: no Chromium to run it in \(tried CHROMIUM_PATH=.*no-such-browser\)/);
  assert.match(r.stderr, /npm ci/);
  assert.ok(!fs.existsSync(path.join(dir, 'p.json')), 'nothing written');
});

test('the error kind, not its text, decides the message', () => {
  const missing = browserProblem('chromium', new BrowserNotFoundError('whatever it says', { tried: ['PATH'] }));
  assert.match(missing.message, /^chromium: no Chromium to run it in \(tried PATH\)\. Run `npm ci`/);
  const other = browserProblem('chromium', new Error('No Chromium found, said a launch'), '/usr/bin/chromium');
  assert.match(other.message, /^chromium: the browser \/usr\/bin\/chromium did not start under playwright-core/);
});
