// Runs ONE benchmark cell in a fresh process and prints exactly one JSON line
// on stdout; diagnostics go to stderr. The parent (scripts/bench.js) starts one
// of these per (runtime, scenario, variant, mode, n, repetition), so no cell
// inherits another's JIT state, heap or timers.
//
//   node child.js --variant FILE --scenario upload|errors|parallel --n N --t MS
//                 [--k K] [--error-rate R] [--seed S] [--fakes FILE] [--long-stacks q|bluebird|genny]
//                 [--parent-pipe]
//   node child.js --ready          starts, says whether gc is exposed and the heap limit, exits
//
// --parent-pipe: stdin is a pipe from the parent that is never written to;
// when it closes, the parent is gone (even by kill -9) and the child exits
// instead of running on. ASYNCBENCH_RESULT_TAG (environment): copied into the
// result line, so the parent can tell it from a line a variant printed.
//
// A run is a failure, not a result, when the calls did not do their work: a
// call called back more than once, fewer transactions had committed or fewer
// fake operations had run by the last callback than the calls that reported
// success require, or more calls failed than failures were injected.
//
// Exit codes: 0 the cell ran, 1 it failed (the JSON line says how), 2 bad
// arguments, 3 the parent went away. Written in ES5 + CommonJS because the runtime matrix runs this
// file unchanged on Node 0.11 (2013) up to today's Node, Bun and Deno: no
// let/const, arrows, classes, template strings; everything optional is
// feature-detected.
'use strict';
var fs = require('fs');
var path = require('path');
// A runtime profile's library set (ASYNCBENCH_LIBS, scripts/runtimes/libraries.js)
// must win over the repository's node_modules, for every require a variant makes.
if (process.env.ASYNCBENCH_LIBS) require('../runtimes/library-hook.js')();

// fibers and fibrous come from the runtime's own fibers tree, when it has one
// (scripts/runtimes/fibers-hook.js); where there is none, a variant that needs
// them fails at load, and the plan skips it anyway (the probe says why).
try {
  require('../runtimes/fibers-hook').useFibersTree();
} catch (e) { /* no hook: as if fibers were not installed */ }

var EXIT_OK = 0, EXIT_FAILED = 1, EXIT_BAD_ARGS = 2, EXIT_PARENT_GONE = 3;
var printed = false;

// Read before any variant loads, and removed from what it can see.
var TAG = process.env.ASYNCBENCH_RESULT_TAG;
try { delete process.env.ASYNCBENCH_RESULT_TAG; } catch (e) { /* read-only env: the tag stays visible */ }

// Fake operations one call logs when it succeeds (tx.begin plus the
// asynchronous ones of its path in examples/lib/fakes.js; scripts/harness/floor.js
// measures the same from the reference variant): an upload of an existing
// file 1 + 6, of a new file 1 + 8; a parallel call 1 + k inserts + commit.
// A failed call logs at least the operation that failed.
var OPS_EXISTING = 7, OPS_NEW = 9;

function print(record, code) {
  if (printed) return;
  printed = true;
  if (TAG !== undefined && record.type === 'cell') record.tag = TAG;
  // Exit only once the line is flushed: stdout to a pipe is asynchronous on
  // some of the runtimes we support.
  process.stdout.write(JSON.stringify(record) + '\n', function () { process.exit(code); });
}

function badArgs(message) {
  process.stderr.write('child.js: ' + message + '\n');
  print({ type: 'cell', status: 'bad-args', error: message }, EXIT_BAD_ARGS);
}

function parseArgs(argv) {
  var out = {};
  for (var i = 0; i < argv.length; i++) {
    var a = argv[i];
    if (a.slice(0, 2) !== '--') throw new Error('unexpected argument "' + a + '"');
    var key = a.slice(2);
    if (key === 'ready' || key === 'parent-pipe') { out[key] = true; continue; }
    if (i + 1 >= argv.length) throw new Error(a + ' needs a value');
    out[key] = argv[++i];
  }
  return out;
}

// A monotonic clock in ms. process.hrtime exists on every Node since 0.6 and
// on Bun and Deno; Date.now is the last resort (wall clock, 1 ms steps).
var clock = typeof process.hrtime === 'function'
  ? { name: 'process.hrtime', now: function () { var t = process.hrtime(); return t[0] * 1e3 + t[1] / 1e6; } }
  : { name: 'Date.now', now: function () { return Date.now(); } };

// Exit when the parent is gone: stdin is the parent's pipe, and the kernel
// closes it when the parent dies, however it dies. The handle is unref'd so
// that it never keeps an otherwise finished event loop alive (a variant that
// forgets its callback must still reach 'beforeExit'). Runtimes whose stdin
// cannot be unref'd are not watched.
function exitWithParent() {
  var stdin;
  try {
    stdin = process.stdin;
  } catch (e) {
    return;
  }
  if (!stdin || typeof stdin.on !== 'function' || typeof stdin.unref !== 'function') return;
  var gone = function () { process.exit(EXIT_PARENT_GONE); };
  stdin.on('end', gone);
  stdin.on('close', gone);
  stdin.on('error', gone);
  if (typeof stdin.resume === 'function') stdin.resume();
  stdin.unref();
}

function readProcStatus() {
  try {
    var text = fs.readFileSync('/proc/self/status', 'utf8');
    var hwm = /VmHWM:\s*(\d+)\s*kB/.exec(text);
    var rss = /VmRSS:\s*(\d+)\s*kB/.exec(text);
    if (!hwm || !rss) return null;
    return { hwmKb: +hwm[1], rssKb: +rss[1] };
  } catch (e) {
    return null;
  }
}

// Writing "5" to clear_refs (Linux >= 4.0) sets the peak resident set (VmHWM)
// back to the current RSS, so the peak read after the run covers the run only,
// not the module loading before the baseline.
function resetPeak() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch (e) {
    return false;
  }
}

function memoryNow() {
  return typeof process.memoryUsage === 'function' ? process.memoryUsage() : null;
}

// The JavaScript heap's limit in MB, where the runtime says (Node >= 1, Bun).
function heapLimitMb() {
  try {
    var v8 = require('v8');
    if (typeof v8.getHeapStatistics === 'function') return Math.round(v8.getHeapStatistics().heap_size_limit / 1048576);
  } catch (e) { /* no v8 module (Node 0.x) */ }
  return null;
}

// The start check of the harness (scripts/harness/runtime-record.js): this
// file loaded under the runtime, its flags and library set, and what depends
// on that exact command line.
function ready() {
  print({ type: 'ready', gc: typeof global.gc === 'function', heapLimitMb: heapLimitMb() }, EXIT_OK);
}

function paths(fakes, n) {
  // Half the calls update an existing file (6 fake I/O steps), half create
  // one (8 steps), alternating, the same for every variant and runtime.
  var out = new Array(n);
  for (var i = 0; i < n; i++) out[i] = fakes.pathFor(i, i % 2 === 0);
  return out;
}

function percentile(sorted, p) {
  // Nearest rank: the smallest value with at least p of the calls at or below it.
  var rank = Math.ceil(p * sorted.length);
  return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
}

function mb(kb) { return Math.round(kb / 1024 * 1000) / 1000; }
function round3(x) { return Math.round(x * 1000) / 1000; }

var SCENARIO_FILES = { chains: './scenarios/chains', delegation: './scenarios/delegation', 'streamline-modes': './scenarios/streamline-modes' };

// The memory frame around a scenario's timed span: a GC first, the peak
// counter reset, base readings; end() gives the figures every record carries.
function memorySpan() {
  var gcRan = false;
  if (typeof global.gc === 'function') { global.gc(); gcRan = true; }
  var peakReset = resetPeak();
  var baseStatus = readProcStatus();
  var baseMem = memoryNow();
  return {
    gc: gcRan,
    end: function () {
      var endStatus = readProcStatus();
      var endMem = memoryNow();
      return {
        memory: peakMemory(baseStatus, endStatus, baseMem, endMem, peakReset),
        heapMb: endMem ? mb(endMem.heapUsed / 1024) : null,
        heapBaseMb: baseMem ? mb(baseMem.heapUsed / 1024) : null
      };
    }
  };
}

function scenarioHelpers() {
  return { clock: clock, print: print, badArgs: badArgs, failed: failed, failedRecord: failedRecord,
    mb: mb, round3: round3, memory: { span: memorySpan } };
}

function runCell(opts) {
  var n = +opts.n, t = +opts.t, k = opts.k === undefined ? 25 : +opts.k;
  var errorRate = opts['error-rate'] === undefined ? 0 : +opts['error-rate'];
  var seed = opts.seed === undefined ? 1 : +opts.seed;
  var scenario = opts.scenario;
  // Scenarios with their own workload and checks (chains, delegation,
  // streamline-modes): they use this file's clock, memory and result line.
  if (SCENARIO_FILES[scenario]) return require(SCENARIO_FILES[scenario]).run(opts, scenarioHelpers());
  if (!opts.variant) return badArgs('--variant FILE is required');
  if (['upload', 'errors', 'parallel'].indexOf(scenario) < 0) return badArgs('--scenario must be upload, errors or parallel');
  if (!(n >= 1 && n % 1 === 0)) return badArgs('--n must be a positive integer, got ' + opts.n);
  if (!(t >= 0)) return badArgs('--t must be a number of ms >= 0, got ' + opts.t);
  if (!(k >= 1 && k % 1 === 0)) return badArgs('--k must be a positive integer, got ' + opts.k);
  if (!(errorRate >= 0 && errorRate < 1)) return badArgs('--error-rate must be in [0, 1), got ' + opts['error-rate']);

  try {
    require('./long-stacks').enableLongStacks(opts['long-stacks']);
  } catch (err) {
    return badArgs('--long-stacks: ' + err.message);
  }

  var fakesFile = path.resolve(opts.fakes || path.join(__dirname, '..', '..', 'examples', 'lib', 'fakes.js'));
  var loadStart = clock.now();
  var fakes = require(fakesFile);
  var variant = require(path.resolve(opts.variant));
  var loadMs = clock.now() - loadStart;
  var fn = scenario === 'parallel' ? variant.parallel : variant.upload;
  if (typeof fn !== 'function') {
    return failed('crash', opts.variant + ' does not export ' + (scenario === 'parallel' ? 'parallel' : 'upload'));
  }
  fakes.reset({ delay: fakes.delays.fixed(t), errorRate: scenario === 'errors' ? errorRate : 0, seed: seed });

  // Everything the timed loop touches is allocated before the baseline.
  var targets = paths(fakes, n);
  var ends = new Array(n);
  var callbacks = new Array(n);
  var failedCall = new Array(n);
  var completed = 0, failures = 0, extra = 0, extraCalls = 0, firstError = null, start = 0;
  var stream = { name: 'upload.bin' };
  for (var i = 0; i < n; i++) { ends[i] = 0; failedCall[i] = 0; callbacks[i] = completion(i); }

  function completion(i) {
    var calls = 0;
    return function (err) {
      if (++calls > 1) {
        extra++;
        if (calls === 2) extraCalls++;
        return;
      }
      ends[i] = clock.now();
      if (err) { failures++; failedCall[i] = 1; if (!firstError) firstError = err; }
      if (++completed === n) finish(ends[i]);
    };
  }

  // Without this, a variant that forgets a callback and leaves nothing
  // pending would just exit silently.
  process.on('beforeExit', function () {
    failed('crash', 'the event loop emptied with ' + (n - completed) + ' of ' + n + ' calls never called back');
  });

  var gcRan = false;
  if (typeof global.gc === 'function') { global.gc(); gcRan = true; }
  var peakReset = resetPeak();
  var baseStatus = readProcStatus();
  var baseMem = memoryNow();

  // The timed span: clock, n calls in one synchronous loop, then the clock
  // again at the last completion (in finish). Nothing else is sampled here.
  start = clock.now();
  try {
    fire(fn, scenario, targets, k, callbacks, stream, n);
  } catch (err) {
    return failed('crash', 'a call threw synchronously: ' + describe(err));
  }

  function finish(stop) {
    var endStatus = readProcStatus();
    var endMem = memoryNow();
    var latencies = new Array(n);
    for (var j = 0; j < n; j++) latencies[j] = ends[j] - start;
    latencies.sort(function (a, b) { return a - b; });
    var memory = peakMemory(baseStatus, endStatus, baseMem, endMem, peakReset);
    var world = fakes.stats();
    // What the fakes saw by the last callback; a call that reported success
    // must have done its work by then.
    var commits = world.counts.commits, injected = world.counts.failures;
    var record = {
      type: 'cell',
      status: 'ok',
      timeMs: round3(stop - start),
      p50Ms: round3(percentile(latencies, 0.5)),
      p99Ms: round3(percentile(latencies, 0.99)),
      peakRssMb: memory.peakMb,
      baseRssMb: memory.baseMb,
      memorySource: memory.source,
      heapMb: endMem ? mb(endMem.heapUsed / 1024) : null,
      heapBaseMb: baseMem ? mb(baseMem.heapUsed / 1024) : null,
      failed: failures,
      extraCallbacks: 0,
      ops: world.counts.ops,
      maxInFlight: world.maxInFlight,
      loadMs: round3(loadMs),
      gc: gcRan,
      clock: clock.name
    };
    var problem = null;
    if (failures > 0 && scenario !== 'errors') {
      problem = failures + ' of ' + n + ' calls failed although no failure was injected; first: ' + describe(firstError);
    } else if (failures > injected) {
      problem = failures + ' calls failed but only ' + injected + ' failures were injected; first: ' + describe(firstError);
    } else if (commits < n - failures) {
      problem = 'only ' + commits + ' of ' + (n - failures) + ' calls had committed their transaction when the last one called back: ' +
        'a call reported success before doing its work';
    } else if (record.ops < requiredOps(scenario, n, k, failedCall)) {
      problem = 'only ' + record.ops + ' fake operations had run when the last call called back; ' + n + ' calls of the ' +
        scenario + ' scenario need at least ' + requiredOps(scenario, n, k, failedCall);
    }
    if (problem) return failedRecord(record, problem);
    // Let the work still in flight finish, so a second callback that comes
    // after the last first one is seen too.
    afterFakesIdle(fakes, stop, function (stillBusy) {
      record.extraCallbacks = extra;
      if (stillBusy) return failedRecord(record, stillBusy);
      if (extra > 0) return failedRecord(record, extraCalls + ' calls called back more than once (' + extra + ' extra callbacks)');
      print(record, EXIT_OK);
    });
  }
}

function failedRecord(record, problem) {
  record.status = 'crash';
  record.error = problem;
  process.stderr.write('child.js: ' + problem + '\n');
  print(record, EXIT_FAILED);
}

function requiredOps(scenario, n, k, failedCall) {
  var total = 0;
  for (var i = 0; i < n; i++) {
    if (failedCall[i]) total += 1;
    else if (scenario === 'parallel') total += k + 2;
    else total += i % 2 === 0 ? OPS_EXISTING : OPS_NEW; // even calls update an existing file (see paths)
  }
  return total;
}

// Calls then(null) once no fake operation is in flight and two more turns of
// the event loop have passed, or then(reason) if operations are still in
// flight 5 s after the last callback (the parent's timeout would be a worse
// explanation).
function afterFakesIdle(fakes, since, then) {
  (function wait() {
    var inFlight = fakes.stats().inFlight;
    if (inFlight === 0) {
      return setTimeout(function () { setImmediate(function () { then(null); }); }, 0);
    }
    if (clock.now() - since > 5000) {
      return then(inFlight + ' fake operations were still in flight 5 s after the last call called back');
    }
    setTimeout(wait, 1);
  })();
}

// Kept out of runCell: old V8 (Crankshaft) does not optimise a function that
// contains try/catch, and this loop is what we time.
function fire(fn, scenario, targets, k, callbacks, stream, n) {
  var i;
  if (scenario === 'parallel') {
    for (i = 0; i < n; i++) fn(targets[i], k, callbacks[i]);
  } else {
    for (i = 0; i < n; i++) fn(stream, targets[i], 'bench', callbacks[i]);
  }
}

// Peak RSS growth over the run. With /proc and a successful peak reset, the
// peak (VmHWM) is the maximum RSS since just before the baseline read, so it
// is >= the baseline RSS and the difference cannot be negative.
function peakMemory(baseStatus, endStatus, baseMem, endMem, peakReset) {
  if (baseStatus && endStatus) {
    return {
      source: peakReset ? 'proc-vmhwm-reset' : 'proc-vmhwm',
      peakMb: mb(Math.max(0, endStatus.hwmKb - baseStatus.rssKb)),
      baseMb: mb(baseStatus.rssKb)
    };
  }
  if (typeof process.resourceUsage === 'function' && baseMem) {
    // maxRSS (kB) covers the whole process life, loading included.
    return {
      source: 'resourceUsage-maxrss',
      peakMb: mb(Math.max(0, process.resourceUsage().maxRSS - baseMem.rss / 1024)),
      baseMb: mb(baseMem.rss / 1024)
    };
  }
  if (baseMem && endMem) {
    return { source: 'rss-end', peakMb: mb(Math.max(0, (endMem.rss - baseMem.rss) / 1024)), baseMb: mb(baseMem.rss / 1024) };
  }
  return { source: 'none', peakMb: null, baseMb: null };
}

function describe(err) {
  if (err && err.stack) return String(err.stack).split('\n').slice(0, 4).join(' | ');
  return String(err);
}

function failed(status, message) {
  process.stderr.write('child.js: ' + message + '\n');
  print({ type: 'cell', status: status, error: message }, EXIT_FAILED);
}

process.on('uncaughtException', function (err) {
  failed('crash', 'uncaught exception: ' + describe(err));
});

var options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (err) {
  options = null;
  badArgs(err.message);
}
if (options && options['parent-pipe']) exitWithParent();
if (options && options.ready) ready();
else if (options) {
  try {
    runCell(options);
  } catch (err) {
    failed('crash', 'while loading or starting: ' + describe(err));
  }
}
