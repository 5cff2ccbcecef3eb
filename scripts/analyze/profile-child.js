// One (runtime, variant) pair of `npm run profiles` (profile.js), in a fresh
// process on Node 12 or later: the upload scenario's batch of n calls
// (scripts/lib/measure/fake-io-batch.js, the harness's own) run again and
// again in this process, and looked at in turns, each over batches of its
// own so that no instrument slows what another measures:
//
//   1. --warm batches, not looked at: the code is compiled and warm;
//   2. --cpu-batches batches under V8's CPU profiler, sampling every
//      --interval µs: cpu.cpuprofile, and each batch's timed span (first
//      call to last completion, the span the benchmark times) on the
//      profile's clock, so that the summary counts those spans only;
//   3. --heap-batches batches, each timed span under V8's sampling heap
//      profiler, counting the objects the collectors freed too (below):
//      heap-<i>.heapprofile;
//   4. --async-batches batches, each timed span under an async_hooks init
//      hook: the async resources made, by type (PROMISE, Timeout,
//      Immediate, TickObject, ...).
// Then what Bluebird chose here is read (bluebird-probe.js) and the result
// written to <dir>/result.json: { status, version, v8, calls, batchMs, cpu:
// { file, spans }, allocation: { files, counted, ... }, asyncCounts,
// bluebird } or { status: 'failed', error }; exit 0, 1 when the pair
// failed, 2 for bad arguments.
//
// Why the profilers are started through the inspector here and not with
// node --cpu-prof and --heap-prof: those profile the whole process,
// start-up, module loading and warm-up included. --cpu-prof is this same V8
// profiler, started through the same inspector domain (Profiler) at start-up
// and stopped at exit. --heap-prof does not count what was allocated: it
// reports the objects still alive at exit (the samples of objects a
// collection freed are dropped; a run that allocates 5 MB of short-lived
// arrays reports 66 kB on Node 24). HeapProfiler.startSampling with
// includeObjectsCollectedByMajorGC and includeObjectsCollectedByMinorGC keeps
// those samples, on a V8 that knows the two flags: Node 24's does, Node 20's
// V8 11.3 keeps only the major collections', Node 12's V8 7.8 neither, and
// an unknown flag is ignored without a word. checkAllocationCounting() finds
// out which, by allocating arrays that die young, and the figures are given
// only where they count everything allocated.
//
// Arguments: --variant FILE --n N --t MS --k K --seed S --warm B --cpu-batches B
// --heap-batches B --async-batches B --interval US --heap-interval BYTES
// --dir DIR [--parent-pipe]. ES2017 on purpose (Node 12): no optional
// chaining, no `node:` module names.
'use strict';
const fs = require('fs');
const path = require('path');
// A runtime profile's library set must win over the repository's node_modules
// for every require a variant makes, as in the benchmark's child.
if (process.env.ASYNCBENCH_LIBS) require('../runtimes/library-hook.js')();
const inspector = require('inspector');
const asyncHooks = require('async_hooks');
const { batchMaker } = require('../lib/measure/fake-io-batch');
const { probeBluebird, currentScheduler } = require('./bluebird-probe');

const EXIT_FAILED = 1, EXIT_BAD_ARGS = 2;
const NUMBERS = ['n', 't', 'k', 'seed', 'warm', 'cpu-batches', 'heap-batches', 'async-batches', 'interval', 'heap-interval'];

let dir = null;
let written = false;
function writeResult(result, code) {
  if (written) return;
  written = true;
  if (dir) fs.writeFileSync(path.join(dir, 'result.json'), JSON.stringify(result));
  process.exit(code);
}
function fail(message) {
  process.stderr.write(`profile-child.js: ${message}\n`);
  writeResult({ status: 'failed', error: message }, EXIT_FAILED);
}
function describe(err) {
  return err && err.stack ? String(err.stack).split('\n').slice(0, 4).join(' | ') : String(err);
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--parent-pipe') { out['parent-pipe'] = true; continue; }
    if (!a.startsWith('--') || i + 1 >= argv.length) throw new Error(`unexpected argument "${a}"`);
    out[a.slice(2)] = argv[++i];
  }
  for (const key of ['variant', 'dir'].concat(NUMBERS)) {
    if (out[key] === undefined) throw new Error(`--${key} is required`);
  }
  for (const key of NUMBERS) {
    const v = Number(out[key]);
    if (!(v >= 0) || !Number.isFinite(v)) throw new Error(`--${key} must be a number >= 0, got ${out[key]}`);
    out[key] = v;
  }
  if (!(out.n >= 1 && out['cpu-batches'] >= 1)) throw new Error('--n and --cpu-batches must be at least 1');
  return out;
}

// The parent gone (its pipe closed), this process goes too.
function exitWithParent() {
  const stdin = process.stdin;
  const gone = () => process.exit(3);
  stdin.on('end', gone);
  stdin.on('close', gone);
  stdin.on('error', gone);
  stdin.resume();
  stdin.unref();
}

const session = new inspector.Session();
function post(method, params) {
  return new Promise((resolve, reject) => {
    session.post(method, params || {}, (err, result) => (err ? reject(new Error(`${method}: ${err.message}`)) : resolve(result)));
  });
}

const clock = { name: 'process.hrtime', now() { const t = process.hrtime(); return t[0] * 1e3 + t[1] / 1e6; } };
const round3 = (x) => Math.round(x * 1000) / 1000;
// process.hrtime in µs, the unit of a CPU profile's timestamps.
const microseconds = () => { const t = process.hrtime(); return t[0] * 1e6 + t[1] / 1e3; };
const CLOCK_SLACK_US = 1000;

// `count` batches, each with `look` around its timed span: look.open(then)
// before the first call, look.close(then) at the last completion. →
// Promise of their timed ms. Callbacks, not await, from the first batch to
// the last: an await inside a span would make a promise of its own there.
function runBatches(batches, count, look) {
  return new Promise((resolve, reject) => {
    const ms = [];
    const next = () => {
      if (ms.length === count) return resolve(ms);
      const batch = batches.newBatch();
      let closed = !look, finished = null;
      const proceed = () => {
        if (!closed || !finished) return;
        if (finished.problem) return reject(new Error(finished.problem));
        ms.push(round3(finished.timeMs));
        next();
      };
      const begin = () => batch.start(function stopped() {
        if (look) look.close(() => { closed = true; proceed(); });
      }, function done(result) {
        finished = result;
        proceed();
      });
      if (look) look.open(begin);
      else begin();
    };
    // In a turn of its own: the caller's await (a promise) is made before the first span opens.
    setImmediate(next);
  });
}

// A known allocation, for checkAllocationCounting: eight small integers in
// an array of their own (V8 cannot leave it unallocated: it escapes into `into`).
function make(i, into, at) {
  into[at] = [i, i + 1, i + 2, i + 3, i + 4, i + 5, i + 6, i + 7];
}
function sampledBytes(profile) {
  let total = 0;
  const stack = [profile.head];
  while (stack.length) {
    const node = stack.pop();
    total += node.selfSize;
    for (const c of node.children) stack.push(c);
  }
  return total;
}
const SAMPLING = (interval) => ({ samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });

// Whether this V8's sampling heap profiler counts what the collectors freed:
// the bytes per object it reports for 400,000 arrays that die young (45 MB:
// most freed by scavenges, the rest by a full collection) against those for
// the same arrays kept alive. Counted, the two agree (a ratio near 1); not
// counted, the dead ones are missing (near 0; Node 20's, which counts the
// full collection's only, about 0.3). → { counted: 'allocated' |
// 'live-only', deadPerObject, livePerObject, ratio }.
async function checkAllocationCounting() {
  const LIVE = 4000, DEAD = 400000;
  // Compiled first: unoptimised code may give each array a few bytes more
  // (allocation-site tracking) than the optimised code of the long loop.
  let ring = new Array(1024);
  for (let i = 0; i < DEAD; i++) make(i, ring, i & 1023);
  await post('HeapProfiler.startSampling', SAMPLING(1024));
  let keep = new Array(LIVE);
  for (let i = 0; i < LIVE; i++) make(i, keep, i);
  const live = sampledBytes((await post('HeapProfiler.stopSampling')).profile) / LIVE;
  keep = null;
  await post('HeapProfiler.startSampling', SAMPLING(16384));
  for (let i = 0; i < DEAD; i++) make(i, ring, i & 1023);
  ring = null;
  if (typeof global.gc === 'function') global.gc();
  const dead = sampledBytes((await post('HeapProfiler.stopSampling')).profile) / DEAD;
  const ratio = live > 0 ? dead / live : 0;
  return { counted: ratio >= 0.5 ? 'allocated' : 'live-only', deadPerObject: round3(dead), livePerObject: round3(live), ratio: round3(ratio) };
}

function writeJson(name, value) {
  fs.writeFileSync(path.join(dir, name), JSON.stringify(value));
}

async function main(opts) {
  session.connect();
  const result = { status: 'ok', version: process.versions.node, v8: process.versions.v8 };
  await post('HeapProfiler.enable');
  const allocationCheck = opts['heap-batches'] > 0 ? await checkAllocationCounting() : null;

  const fakes = require(path.join(__dirname, '..', '..', 'examples', 'lib', 'fakes.js'));
  const variant = require(path.resolve(opts.variant));
  if (typeof variant.upload !== 'function') throw new Error(`${opts.variant} does not export upload`);
  const h = { clock, round3, describe, failed: (status, message) => fail(message) };
  const batches = batchMaker({ call: 'upload', errors: false }, fakes, variant.upload,
    { n: opts.n, t: opts.t, k: opts.k, errorRate: 0, seed: opts.seed, scenario: 'upload' }, h);
  process.on('beforeExit', () => {
    const current = batches.current();
    if (current && !current.finished) fail(`the event loop emptied with ${opts.n - current.completed} of ${opts.n} calls never called back`);
  });

  const batchMs = { warm: await runBatches(batches, opts.warm) };

  // One profile over all the batches, started once (starting V8's CPU
  // profiler walks the heap's code: a second or more per start on Node 12),
  // and each batch's timed span noted on the profile's own clock (V8's
  // timestamps and process.hrtime both read the monotonic clock, in µs and
  // ns: checked below), so the summary counts the samples of the spans only.
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: opts.interval });
  const before = microseconds();
  await post('Profiler.start');
  const after = microseconds();
  const spans = [];
  batchMs.cpu = await runBatches(batches, opts['cpu-batches'], {
    open: (then) => { spans.push([microseconds()]); then(); },
    close: (then) => { spans[spans.length - 1].push(microseconds()); then(); },
  });
  const { profile } = await post('Profiler.stop');
  if (!(profile.startTime >= before - CLOCK_SLACK_US && profile.startTime <= after + CLOCK_SLACK_US)) {
    throw new Error(`the CPU profile starts at ${profile.startTime} µs, but the profiler was started between ${Math.round(before)} and ` +
      `${Math.round(after)} µs of process.hrtime: the two clocks differ here, so the batches' spans cannot be found in the profile`);
  }
  writeJson('cpu.cpuprofile', profile);
  const cpu = { file: 'cpu.cpuprofile', spans: spans.map((s) => s.map(Math.round)) };

  const heapFiles = [];
  batchMs.heap = await runBatches(batches, opts['heap-batches'], {
    open: (then) => session.post('HeapProfiler.startSampling', SAMPLING(opts['heap-interval']), then),
    close: (then) => session.post('HeapProfiler.stopSampling', (err, r) => {
      if (err) return fail(`HeapProfiler.stopSampling: ${err.message}`);
      heapFiles.push(`heap-${heapFiles.length + 1}.heapprofile`);
      writeJson(heapFiles[heapFiles.length - 1], r.profile);
      then();
    }),
  });

  const counts = {};
  const hook = asyncHooks.createHook({ init(id, type) { counts[type] = (counts[type] || 0) + 1; } });
  batchMs.async = await runBatches(batches, opts['async-batches'], {
    open: (then) => { hook.enable(); then(); },
    close: (then) => { hook.disable(); then(); },
  });

  // Last, so loading Bluebird here (for a variant that does not) changes nothing measured.
  const Bluebird = require('bluebird');
  const bluebird = probeBluebird(Bluebird, require('bluebird/package.json').version);
  // What its scheduler makes when called, as Node sees it (an Immediate for setImmediate).
  const made = [];
  const watch = asyncHooks.createHook({ init(id, type) { made.push(type); } });
  const scheduler = currentScheduler(Bluebird);
  watch.enable();
  scheduler(() => {});
  watch.disable();
  bluebird.scheduler.asyncTypes = made.filter((t, i) => made.indexOf(t) === i);

  Object.assign(result, { calls: opts.n, batchMs, cpu, allocation: allocationCheck && Object.assign({ files: heapFiles }, allocationCheck), asyncCounts: opts['async-batches'] > 0 ? counts : null, bluebird });
  session.disconnect();
  writeResult(result, 0);
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
  dir = options.dir;
} catch (err) {
  process.stderr.write(`profile-child.js: ${err.message}\n`);
  process.exit(EXIT_BAD_ARGS);
}
if (options['parent-pipe']) exitWithParent();
process.on('uncaughtException', (err) => fail(`uncaught exception: ${describe(err)}`));
main(options).catch((err) => fail(describe(err)));
