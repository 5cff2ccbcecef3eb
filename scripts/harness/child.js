// Runs ONE benchmark cell in a fresh process and prints exactly one JSON line
// on stdout; diagnostics go to stderr. The parent (scripts/bench.js) starts one
// of these per (runtime, scenario, variant, mode, n, repetition), so no cell
// inherits another's JIT state, heap or timers.
//
//   node child.js --scenario NAME --variant FILE --n N --t MS [--seed S] [--parent-pipe]
//                 [--warm-batches B --warm-min-steady M] [--warm-gc]  (warm.js)
//                 [the scenario's own: --k K, --error-rate R, --mode M, ...]
//   node child.js --ready          starts, says whether gc is exposed and the heap limit, exits
//
// This file is the process-level frame: arguments, the clock, the memory
// readings around a timed batch (measure), the result line and the exit
// codes. What a scenario runs and checks is its child module,
// scripts/harness/scenarios/<name>/child.js (found by scenarios/locate.js),
// whose run(opts, h) gets this frame's pieces as `h`.
//
// --parent-pipe: stdin is a pipe from the parent that is never written to;
// when it closes, the parent is gone (even by kill -9) and the child exits
// instead of running on, at its next event-loop turn (one looping
// synchronously never gets there: orphan-watchdog.js kills it). ASYNCBENCH_RESULT_TAG (environment): copied into the
// result line, so the parent can tell it from a line a variant printed.
//
// Exit codes: 0 the cell ran, 1 it failed (the JSON line says how), 2 bad
// arguments, 3 the parent went away. Written in ES5 + CommonJS because the runtime matrix runs this
// file unchanged on Node 0.11 (2013) up to today's Node, Bun and Deno: no
// let/const, arrows, classes, template strings; everything optional is
// feature-detected.
'use strict';
var fs = require('fs');
var locate = require('./scenarios/locate');
var warm = require('../lib/measure/warm');
var cpuClock = require('./cpu-clock');
var gcEvents = require('./gc-events');
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
    if (key === 'ready' || key === 'parent-pipe' || key === 'no-gc' || key === 'warm-gc') { out[key] = true; continue; }
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

// The process's CPU clock (cpu-clock.js), read around each batch by the batch
// code as the wall clock is read inside it; null where the runtime has none.
var cpu = cpuClock.detect();

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

function mb(kb) { return Math.round(kb / 1024 * 1000) / 1000; }
function round3(x) { return Math.round(x * 1000) / 1000; }

// The memory frame around a scenario's timed span: a GC first, the peak
// counter reset, base readings; end() gives the figures every record carries.
// --no-gc (bench --no-gc, a lever experiment of issue 28): no collection
// before the cold batch, to show what it does to the spread (warm batches
// never force one, warm.js says why).
var gcBefore = true;
function collector() {
  return gcBefore && typeof global.gc === 'function' ? function () { global.gc(); } : null;
}

function memorySpan() {
  var gcRan = false;
  var gc = collector();
  if (gc) { gc(); gcRan = true; }
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

function copy(from, to) {
  for (var key in from) if (Object.prototype.hasOwnProperty.call(from, key)) to[key] = from[key];
}

// The frame around one batch of a scenario (prepared by its child module, see
// scenarios/fake-io.child.js): the batch's allocations first, then a GC, the
// peak reset and the base readings (memorySpan), then the batch's timed span;
// memory is read again the moment its last call completes (stopped), and the
// result line is printed once the batch's own checks are done. The record:
// status, time, the batch's timing figures, memory, the batch's fields, load
// time, gc, clock. With --warm-batches, once the cold batch passed its checks
// (and the fakes are idle), warm.js runs the same batch again in this process
// and the record gains warmBatchesMs, warmMs, warmSteady, warmClass and
// warmSteadyFrom; the cold figures (timeMs, memory) are the first batch's
// either way. Where the runtime has them, every batch also records its CPU
// time (cpuMs; warmCpuBatchesMs, from warm.js) and, once all batches ran and
// their GC events arrived, its GC pause time (gcMs, warmGcBatchesMs: see
// withGc).
var warmSettings = { batches: 0 };
var gcWatch = null;
function measure(prepared) {
  var batch = prepared.newBatch();
  var span = memorySpan();
  var measured = null;
  batch.start(function stopped() {
    measured = span.end();
  }, function done(result) {
    if (!measured) measured = span.end();
    var record = { type: 'cell', status: 'ok', timeMs: round3(result.timeMs) };
    copy(result.timing, record);
    record.peakRssMb = measured.memory.peakMb;
    record.baseRssMb = measured.memory.baseMb;
    record.memorySource = measured.memory.source;
    record.heapMb = measured.heapMb;
    record.heapBaseMb = measured.heapBaseMb;
    copy(result.fields, record);
    record.loadMs = round3(prepared.loadMs);
    record.gc = span.gc;
    record.clock = clock.name;
    if (cpu) {
      record.cpuMs = result.cpuMs;
      record.cpuSource = cpu.source;
    }
    if (result.problem) return failedRecord(record, result.problem);
    if (!warmSettings.batches) return withGc(record, function () { print(record, EXIT_OK); });
    warm.run(warmSettings, prepared.newBatch, round3, function (problem, fields) {
      if (problem) return failedRecord(record, problem);
      copy(fields, record);
      withGc(record, function () { print(record, EXIT_OK); });
    });
  });
}

// The GC pause time of each batch, once its events have arrived: the cold
// batch's is gcMs, the warm ones' warmGcBatchesMs (the batches gave their
// spans in the order they ran, cold first).
function withGc(record, then) {
  if (!gcWatch) return then();
  gcWatch.settle(function (totals) {
    record.gcMs = round3(totals[0]);
    record.gcSource = gcWatch.source;
    if (record.warmBatchesMs) {
      record.warmGcBatchesMs = [];
      for (var i = 1; i < totals.length; i++) record.warmGcBatchesMs.push(round3(totals[i]));
    }
    then();
  });
}

function scenarioHelpers() {
  // Watching from here on: the events of the collections before the cold
  // batch arrive too, and count nowhere (gc-events.js attribute).
  gcWatch = gcEvents.watch(clock);
  return { clock: clock, cpu: cpu, gc: gcWatch, print: print, badArgs: badArgs, failed: failed, failedRecord: failedRecord, describe: describe,
    mb: mb, round3: round3, memory: { span: memorySpan }, measure: measure };
}

function runCell(opts) {
  if (!opts.scenario) return badArgs('--scenario NAME is required');
  var file = locate.childFile(opts.scenario);
  if (!file) {
    return badArgs('--scenario: no scenario "' + opts.scenario + '" (no scripts/harness/scenarios/' + opts.scenario + '/' + locate.CHILD +
      ', nor ' + opts.scenario + '/' + locate.CHILD + ' in a folder of ' + locate.DIRS_ENV + ')');
  }
  gcBefore = !opts['no-gc'];
  try {
    warmSettings = warm.settings(opts);
  } catch (err) {
    return badArgs(err.message);
  }
  // --warm-gc (the warm-gc lever of issue 41, scripts/lib/levers.js): a
  // full collection before each warm batch, outside its timed span.
  warmSettings.gcBefore = opts['warm-gc'] === true && typeof global.gc === 'function' ? global.gc : null;
  require(file).run(opts, scenarioHelpers());
}

function failedRecord(record, problem) {
  record.status = 'crash';
  record.error = problem;
  process.stderr.write('child.js: ' + problem + '\n');
  print(record, EXIT_FAILED);
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
