// What the runtime running this file offers, as one JSON line on stdout: the
// one probe of a runtime. scripts/runtimes/probe.js runs it under each profile,
// once without flags and once with the profile's flags and GC flag; the
// harness runs it once under a binary given by path (bench --runtime).
// ES5 + CommonJS, feature-detected, because it must load on Node 0.11 as well
// as on Bun and Deno. Feature names match the "requires" of examples/manifest.json.
'use strict';
/* global Bun, Deno */
var fs = require('fs');

// fibers comes from the fibers tree of this runtime's profile, as in the
// benchmark's child (fibers-hook.js); `reason` says why not.
function fibers() {
  var tree;
  try {
    tree = require('./fibers-hook').useFibersTree();
  } catch (e) {
    return { loadable: false, reason: 'the fibers hook failed: ' + e.message };
  }
  if (!tree.dir) return { loadable: false, reason: tree.reason };
  try {
    require('fibers');
    return { loadable: true };
  } catch (e) {
    return { loadable: false, reason: 'fibers does not load from ' + tree.dir + ': ' + String(e.message).split('\n')[0] };
  }
}

function compiles(source) {
  try {
    new Function(source)(); // eslint-disable-line no-new-func
    return true;
  } catch (e) {
    return false;
  }
}

function runtime() {
  if (typeof Bun !== 'undefined') return { name: 'bun', version: Bun.version };
  if (typeof Deno !== 'undefined') return { name: 'deno', version: Deno.version.deno };
  return { name: 'node', version: process.versions.node };
}

function memory() {
  var status = null;
  try {
    status = fs.readFileSync('/proc/self/status', 'utf8');
  } catch (e) { /* not Linux, or /proc hidden */ }
  var vmHWM = !!(status && /VmHWM:\s*\d+\s*kB/.test(status));
  var clearRefs = false;
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    clearRefs = true;
  } catch (e) { /* kernel < 4.0 or not permitted */ }
  var maxRSS = false;
  try {
    maxRSS = typeof process.resourceUsage === 'function' && process.resourceUsage().maxRSS > 0;
  } catch (e) { /* stub that throws */ }
  return {
    procVmHWM: vmHWM,
    clearRefs: clearRefs,
    resourceUsageMaxRSS: maxRSS,
    memoryUsageKeys: typeof process.memoryUsage === 'function' ? Object.keys(process.memoryUsage()) : [],
    // The harness reads peak RSS from the first of these that works.
    peakRssSource: vmHWM ? (clearRefs ? 'proc-vmhwm-reset' : 'proc-vmhwm') : maxRSS ? 'resourceUsage.maxRSS' : null
  };
}

var rt = runtime();
var hr = typeof process.hrtime === 'function';
var fib = fibers();
process.stdout.write(JSON.stringify({
  type: 'runtime-probe',
  runtime: rt.name,
  version: rt.version,
  v8: process.versions.v8 || null,
  modules: process.versions.modules || null,
  arch: process.arch,
  platform: process.platform,
  features: {
    generators: compiles('return function* () { yield 1; };'),
    promise: typeof Promise === 'function',
    // Destructuring too: Node 4 has let, arrows and classes but not it (rx.js needs it).
    es2015: compiles('"use strict"; let a = 1; const f = (x) => x; class C {} const { b } = { b: a }; return `${f(b)}`;'),
    'async-functions': compiles('return async function () { await 1; };'),
    'util.promisify': typeof require('util').promisify === 'function'
  },
  // Kept apart from `features`: a profile's probe (probe.js) takes fibers
  // from its built tree instead (fibers.js fibersStatus, a fuller check).
  fibers: fib,
  hrtime: { hrtime: hr, bigint: hr && typeof process.hrtime.bigint === 'function' },
  gc: typeof global.gc === 'function',
  memory: memory()
}) + '\n');
