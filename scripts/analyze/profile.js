#!/usr/bin/env node
// `npm run profiles` (issue 43, item 3): why a style costs what it costs, as
// measured evidence. For each (runtime, variant) pair, the upload scenario's
// CPU-bound batch (n calls, every fake I/O operation 1 ms) is run warm in a
// fresh process (Node 12 or later, profile-child.js) or a fresh Chromium
// worker (profile-chromium.js), under V8's CPU profiler, its sampling heap
// profiler and an async_hooks count, and summed by the code that spent the
// time and the bytes (profile-summary.js): the variant's file, each library
// package, Node's internals, the harness and its fakes, the garbage
// collector. Bluebird's own choices there are read from it too
// (bluebird-probe.js). Written to data/profiles.json (asyncbench/profiles@1,
// data/SCHEMA.md) after every pair, whole or not at all, so a stop loses the
// pair under way only; --resume keeps the pairs a file holds.
//
//   npm run profiles                                   the default set (profile-pairs.js)
//   npm run profiles -- --runtimes node-24 --variants '^promises-q$' --out /tmp/p.json
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { loadManifest, selectVariants } = require('../lib/manifest');
const { exampleFile, DATA, ROOT } = require('../lib/paths');
const { writeJsonAtomic } = require('../lib/atomic-write');
const { runEnv } = require('../lib/env');
const { hostRecord } = require('../lib/host-identity');
const { validator } = require('../lib/schemas');
const { parseCommandLine, decimal, UsageError, InputError, reportFailure } = require('../lib/args');
const { compileAll } = require('../compile/index');
const { resolveProfiles } = require('../harness/profile-runtimes');
const { skipReason, DEFAULTS: PLAN_DEFAULTS } = require('../harness/plan');
const scenarios = require('../harness/scenarios');
const { FEATURES: BROWSER_FEATURES } = require('../harness/browser/chromium-runtime');
const { duration } = require('../harness/progress');
const { plannedPairs } = require('./profile-pairs');
const { PARTS, pairFiles, summarizeCpu, summarizeAllocations, asyncPerCall } = require('./profile-summary');

const SCHEMA = 'asyncbench/profiles@1';
// data/profiles.json: the CPU profiles' summaries, by the name of its
// schema and model; no kin of scripts/lib/profiles.json, the runtime profiles.
const DATA_NAME = 'profiles';
const OUT = path.join(DATA, `${DATA_NAME}.json`);
const CHILD = path.join(__dirname, 'profile-child.js');
const PAIR_TIMEOUT_MS = 300000;
// What every pair is measured with; recorded as the file's `method`, and a
// --resume onto a file made otherwise is refused.
const DEFAULTS = Object.freeze({ n: 1000, warm: 5, batches: 20 });
const CPU_INTERVAL_US = 100;
const HEAP_INTERVAL_BYTES = 4096;

const HELP = `Usage: npm run profiles [-- options]

Where the time and the bytes of each style go: for each (runtime, variant) pair, the upload
scenario's batch (CPU-bound, n calls) run warm under V8's CPU profiler, its sampling heap
profiler and an async_hooks count, summed by the code that spent them.

  --runtimes LIST   node-12 or later and chromium, comma-separated (default: the default set,
                    node-24, node-12 and chromium, each with its own variants)
  --variants REGEX  the variants whose id matches, on every runtime given (default: each
                    runtime's own list in the default set)
  --n N             calls per batch (default ${DEFAULTS.n})
  --warm B          batches run first, not looked at (default ${DEFAULTS.warm})
  --batches B       batches under the CPU profiler (default ${DEFAULTS.batches}); then ceil(B/4)
                    under the heap profiler and one under the async hook (Node)
  --out FILE        the data file (default data/profiles.json)
  --resume          keep the pairs FILE holds and profile the others; without it, a FILE
                    that holds pairs is refused
  --profiles-dir D  keep every raw profile (.cpuprofile, .heapprofile: DevTools opens them)
                    under D/<runtime>-<variant>/
  --help            this text`;

function parseArgs(argv) {
  const { help, values } = parseCommandLine(argv, {
    options: {
      runtimes: { type: 'string' }, variants: { type: 'string' }, n: { type: 'string' }, warm: { type: 'string' },
      batches: { type: 'string' }, out: { type: 'string' }, resume: { type: 'boolean' }, 'profiles-dir': { type: 'string' },
    },
  });
  if (help) return { help: true };
  const o = { runtimeNames: null, pattern: null, ...DEFAULTS, out: OUT, resume: Boolean(values.resume), profilesDir: null };
  if (values.runtimes !== undefined) o.runtimeNames = [...new Set(values.runtimes.split(',').map((x) => x.trim()).filter(Boolean))];
  if (values.variants !== undefined) {
    if (!values.variants) throw new UsageError('--variants needs a regular expression');
    o.pattern = values.variants;
  }
  if (values.n !== undefined) o.n = decimal('--n', values.n, { integer: true, min: 1, max: 1e6 });
  if (values.warm !== undefined) o.warm = decimal('--warm', values.warm, { integer: true, max: 1000 });
  if (values.batches !== undefined) o.batches = decimal('--batches', values.batches, { integer: true, min: 1, max: 1000 });
  for (const [key, name] of [['out', '--out'], ['profiles-dir', '--profiles-dir']]) {
    if (values[key] === undefined) continue;
    if (!values[key]) throw new UsageError(`${name} needs a path`);
    o[key === 'out' ? 'out' : 'profilesDir'] = path.resolve(values[key]);
  }
  return o;
}

// The settings of a run, as the file's `method` records them.
function methodOf(o) {
  const upload = scenarios.get('upload').defaults;
  return {
    scenario: 'upload', mode: 'cpu', n: o.n, t: upload.t, k: upload.k, seed: PLAN_DEFAULTS.seed,
    warmBatches: o.warm, cpuBatches: o.batches, heapBatches: Math.ceil(o.batches / 4), asyncBatches: 1,
    cpuIntervalUs: CPU_INTERVAL_US, heapIntervalBytes: HEAP_INTERVAL_BYTES,
    shares: 'a part’s share is of the busy time: the profiled spans less the time V8 marked idle (waiting for the fake I/O’s timers)',
    parts: PARTS,
  };
}

const SAME_METHOD = ['n', 't', 'k', 'seed', 'warmBatches', 'cpuBatches', 'heapBatches', 'asyncBatches', 'cpuIntervalUs', 'heapIntervalBytes'];

// The file to continue (--resume), checked, or a fresh one. A file that
// holds pairs is never replaced without --resume.
function openData(o, method) {
  let old = null;
  try {
    old = JSON.parse(fs.readFileSync(o.out, 'utf8'));
  } catch (err) {
    if (err.code !== 'ENOENT') throw new InputError(`${o.out}: cannot be read as JSON (${err.message}); remove it or give another --out`);
  }
  const fresh = { schema: SCHEMA, generatedBy: 'scripts/analyze/profile.js',
    description: 'Where the time and the bytes of each style go: CPU profiles, allocation samples and async resources of the upload scenario\'s warm batches, by the code that spent them.',
    method, runs: [], pairs: [], notProfiled: [] };
  if (!old) return fresh;
  if (!o.resume) {
    if (!(old.pairs || []).length) return fresh;
    throw new UsageError(`--out ${o.out} holds ${pairs(old.pairs.length)} already; give --resume to keep them and profile the rest, ` +
      'or remove the file (or give another --out) to start again');
  }
  const validate = validator('profiles.schema.json');
  if (!validate(old)) throw new InputError(`${o.out}: not a valid ${SCHEMA} file (${validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).slice(0, 3).join('; ')}); remove it or give another --out`);
  const differ = SAME_METHOD.filter((k) => old.method[k] !== method[k]);
  if (differ.length) {
    throw new UsageError(`--resume: ${o.out} was made with ${differ.map((k) => `${k} ${old.method[k]}`).join(', ')}, this command asks for ` +
      `${differ.map((k) => `${k} ${method[k]}`).join(', ')}; give the same settings, or another --out`);
  }
  // A pair that failed is profiled again; the ones done or skipped stay.
  return { ...old, method, notProfiled: old.notProfiled.filter((p) => p.status !== 'failed') };
}

const pairKey = (profile, variant) => `${profile}\0${variant}`;
const pairs = (k) => `${k} pair${k === 1 ? '' : 's'}`;
// A path as a message names it: relative to the repository when inside it.
function shown(file) {
  const rel = path.relative(ROOT, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

// Child processes and temporary folders of the pair under way, ended and
// removed if the run is stopped.
const live = { child: null, dirs: new Set() };
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-profile-'));
  live.dirs.add(dir);
  return dir;
}
function removeDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  live.dirs.delete(dir);
}

// Runs profile-child.js under `rt` (a runtime record of resolveProfiles).
// → { code, signal, stderr, timedOut }.
function runChild(rt, args) {
  return new Promise((resolve) => {
    const child = spawn(rt.path, [...rt.flags, ...(rt.harnessFlags || []), CHILD, ...args, '--parent-pipe'], {
      env: { ...process.env, NODE_ENV: 'production', ...(rt.env || {}) }, stdio: ['pipe', 'ignore', 'pipe'],
    });
    live.child = child;
    let stderr = '';
    let timedOut = false;
    child.stdin.on('error', () => {});
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, PAIR_TIMEOUT_MS);
    const end = (result) => { clearTimeout(timer); live.child = null; resolve(result); };
    child.on('error', (err) => end({ code: null, signal: null, stderr: `cannot start ${rt.path}: ${err.message}`, timedOut }));
    child.on('close', (code, signal) => end({ code, signal, stderr, timedOut }));
  });
}

function keepRaw(o, name, from, files) {
  if (!o.profilesDir) return;
  const to = path.join(o.profilesDir, name);
  fs.mkdirSync(to, { recursive: true });
  for (const [file, text] of files) fs.writeFileSync(path.join(to, file), text === undefined ? fs.readFileSync(path.join(from, file)) : text);
}

// One Node pair → its record, or { status: 'failed', reason }.
async function profileOnNode(rt, entry, method, o) {
  const dir = tempDir();
  try {
    const args = ['--variant', exampleFile(entry.file), '--n', method.n, '--t', method.t, '--k', method.k, '--seed', method.seed,
      '--warm', method.warmBatches, '--cpu-batches', method.cpuBatches, '--heap-batches', method.heapBatches,
      '--async-batches', method.asyncBatches, '--interval', method.cpuIntervalUs, '--heap-interval', method.heapIntervalBytes, '--dir', dir].map(String);
    const r = await runChild(rt, args);
    let result = null;
    try {
      result = JSON.parse(fs.readFileSync(path.join(dir, 'result.json'), 'utf8'));
    } catch (err) { /* none written: said below */ }
    if (!result || result.status !== 'ok') {
      const how = r.timedOut ? `no result within ${PAIR_TIMEOUT_MS / 1000} s; the process was killed` : result ? result.error
        : `${r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`} without a result: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`;
      return { status: 'failed', reason: how };
    }
    const files = pairFiles(entry, exampleFile);
    const read = (f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    const n = method.n;
    const record = {
      where: 'process', version: result.version, v8: result.v8, batchMs: result.batchMs,
      calls: { cpu: n * method.cpuBatches, heap: n * method.heapBatches, async: n * method.asyncBatches },
      cpu: { intervalUs: method.cpuIntervalUs, ...summarizeCpu([{ profile: read(result.cpu.file), spans: result.cpu.spans }], { files }) },
      allocation: allocationRecord(result, method, (f) => read(f), files),
      async: result.asyncCounts ? { calls: n * method.asyncBatches, perCall: asyncPerCall(result.asyncCounts, n * method.asyncBatches) } : null,
      bluebird: result.bluebird,
    };
    keepRaw(o, `${rt.profile}-${entry.id}`, dir, [result.cpu.file, ...(result.allocation ? result.allocation.files : []), 'result.json'].map((f) => [f]));
    return { status: 'ok', record };
  } finally {
    removeDir(dir);
  }
}

// The allocation figures where this V8 counts what the collectors freed;
// where it does not, why there are none (profile-child.js says how it knows).
function allocationRecord(result, method, read, files) {
  const a = result.allocation;
  if (!a) return null;
  const check = { deadPerObject: a.deadPerObject, livePerObject: a.livePerObject, ratio: a.ratio };
  if (a.counted !== 'allocated') {
    return { counted: 'live-only', check,
      reason: `the sampling heap profiler of V8 ${result.v8} (Node ${result.version}) keeps no samples of objects a collection freed ` +
        `(arrays that died young were counted at ${Math.round(a.ratio * 100)} % of the same arrays kept alive): it counts what is still alive, not what was allocated` };
  }
  const calls = method.n * method.heapBatches;
  return { counted: 'allocated', check, intervalBytes: method.heapIntervalBytes, calls, ...summarizeAllocations(a.files.map(read), calls, { files }) };
}

// One Chromium pair → its record, or { status: 'skipped' | 'failed', reason }.
async function profileInChromium(browser, entry, method, o) {
  const r = await browser.profile(entry, { n: method.n, t: method.t, k: method.k, seed: method.seed, warm: method.warmBatches, batches: method.cpuBatches },
    { intervalUs: method.cpuIntervalUs, timeoutMs: PAIR_TIMEOUT_MS });
  if (r.status !== 'ok') return r;
  const files = pairFiles(entry, exampleFile);
  keepRaw(o, `chromium-${entry.id}`, null, r.profiles.map((p, i) => [`cpu-${i + 1}.cpuprofile`, JSON.stringify(p)]));
  return { status: 'ok', record: {
    where: 'worker', version: browser.version, v8: browser.v8, batchMs: r.batchMs,
    calls: { cpu: r.calls * r.profiles.length },
    cpu: { intervalUs: method.cpuIntervalUs, ...summarizeCpu(r.profiles.map((profile) => ({ profile })), { locate: r.locate, files }) },
    allocation: null, async: null, bluebird: r.bluebird,
  } };
}

// A runtime of the plan, ready to profile: { id, skip(entry), run(entry), close() },
// or { failed: reason } when it cannot be installed or started.
async function openRuntime(runtime, log) {
  if (runtime.kind === 'browser') {
    const { openChromium } = require('./profile-chromium');
    let browser;
    try {
      browser = await openChromium(runtime.name);
    } catch (err) {
      return { failed: err.message };
    }
    const record = { id: browser.id, browser: { scenarios: runtime.profile.scenarios }, features: BROWSER_FEATURES };
    return { id: browser.id, version: browser.version, skip: (entry) => skipReason(entry, 'upload', record),
      run: (entry, method, o) => profileInChromium(browser, entry, method, o), close: () => browser.close() };
  }
  const resolved = await resolveProfiles([runtime.name], { log });
  if (!resolved.runtimes.length) return { failed: resolved.failed[0].message };
  const rt = resolved.runtimes[0];
  return { id: rt.id, version: rt.version, skip: (entry) => skipReason(entry, 'upload', rt),
    run: (entry, method, o) => profileOnNode(rt, entry, method, o), close: async () => {} };
}

// A prior guess of a pair's time, for the estimate before the first ones are done.
function guessMs(kind, method) {
  const batches = method.warmBatches + method.cpuBatches;
  return kind === 'browser' ? 3000 + batches * 300 : 1500 + (batches + method.heapBatches + method.asyncBatches) * 150;
}

async function main(argv) {
  const o = parseArgs(argv);
  if (o.help) return console.log(HELP);
  const manifest = loadManifest();
  const plan = plannedPairs({ runtimeNames: o.runtimeNames, pattern: o.pattern }, manifest, selectVariants);
  const method = methodOf(o);
  const data = openData(o, method);
  const started = Date.now();
  const env = runEnv({ runtimes: [], variants: plan.flatMap((p) => p.variants), harness: method, argv, generatedBy: data.generatedBy });
  const run = { id: `${env.date}/profiles`, date: env.date, argv, git: env.git, host: hostRecord(env.host), wallMs: null, finished: null };
  data.runs.push(run);
  const done = new Set([...data.pairs, ...data.notProfiled].map((p) => pairKey(p.profile, p.variant)));
  const todo = plan.map((p) => ({ ...p, variants: p.variants.filter((v) => !done.has(pairKey(p.runtime.name, v.id))) })).filter((p) => p.variants.length);
  const total = todo.reduce((s, p) => s + p.variants.length, 0);
  const log = (line) => process.stderr.write(`${line}\n`);
  const kept = plan.reduce((s, p) => s + p.variants.length, 0) - total;
  let left = todo.reduce((s, p) => s + p.variants.length * guessMs(p.runtime.kind, method), 0);
  log(`profiles: ${pairs(total)} to profile${kept ? ` (${pairs(kept)} already in ${shown(o.out)})` : ''}, about ${duration(left)}`);
  const save = () => writeJsonAtomic(o.out, data);
  if (!total) {
    run.wallMs = Date.now() - started;
    run.finished = new Date().toISOString();
    save();
    return 0;
  }
  // Whatever was compiled stale is compiled now, as bench does; one that does not compile is failed below.
  const notCompiled = new Map(compileAll(todo.flatMap((p) => p.variants)).failed.map(({ id, error }) => [id, `not compiled: ${error.message}`]));
  let failures = 0;
  let index = 0;
  let spentMs = 0, guessedMs = 0;
  // One pair: profiled, skipped or failed, recorded, the file saved, a line said.
  async function pair(opened, runtime, entry) {
    const t0 = Date.now();
    const why = opened.failed || notCompiled.get(entry.id) || null;
    const skip = !why && opened.skip(entry);
    const outcome = why ? { status: 'failed', reason: why } : skip ? { status: 'skipped', reason: skip } : await opened.run(entry, method, o);
    const head = { runtime: opened.id || runtime.name, profile: runtime.name, variant: entry.id, run: run.id };
    if (outcome.status === 'ok') data.pairs.push({ ...head, status: 'ok', ...outcome.record });
    else data.notProfiled.push({ ...head, status: outcome.status, reason: outcome.reason });
    if (outcome.status === 'failed') failures++;
    run.wallMs = Date.now() - started;
    save();
    const ms = Date.now() - t0;
    const guess = guessMs(runtime.kind, method);
    left -= guess;
    spentMs += ms;
    guessedMs += guess;
    log(`[${++index}/${total}] ${runtime.name} ${entry.id}: ${outcome.status === 'ok' ? 'profiled' : `${outcome.status}: ${outcome.reason}`} ` +
      `in ${(ms / 1000).toFixed(1)} s${index < total ? `; about ${duration(left * (spentMs / guessedMs))} left` : ''}`);
  }
  for (const { runtime, variants } of todo) {
    const opened = await openRuntime(runtime, log);
    try {
      for (const entry of variants) await pair(opened, runtime, entry);
    } finally {
      if (opened.close) await opened.close();
    }
  }
  run.wallMs = Date.now() - started;
  run.finished = new Date().toISOString();
  save();
  log(`profiles: ${pairs(data.pairs.length)} in ${shown(o.out)}` +
    `${failures ? `; ${failures} failed (see above): run the same command with --resume to try them again` : ''}`);
  return failures ? 1 : 0;
}

// Stopped: the pair under way is lost, nothing else (the file was written after each pair).
function stop() {
  if (live.child) live.child.kill('SIGKILL');
  for (const dir of live.dirs) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(130);
}

if (require.main === module) {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => reportFailure('profiles', err));
}

module.exports = { parseArgs, methodOf, openData, DEFAULTS };
