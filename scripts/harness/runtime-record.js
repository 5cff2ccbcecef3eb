// A runtime → the record the plan and the child spawner take, and a run's
// env keeps (data/SCHEMA.md, runs[].runtimes): what the runtime's one probe
// found (scripts/runtimes/probe-script.js: features, clock, memory readings),
// the flag the harness adds so the child can force a GC, and the start of the
// child runner under it. The child is started five times: that checks it runs
// there at all (library set, fibers tree, flags) and gives the runtime's start
// for the run's floor (run-floor.js), the median of the five.
'use strict';
const { probeOnce, ProbeError } = require('../runtimes/probe');
const { runtimeId } = require('../lib/runtime-id');
const { median } = require('../lib/stats');
const { spawnChild } = require('./spawn-cell');

const STARTS = 5;
const START_TIMEOUT_MS = 30000;

// A binary given by path (bench --runtime) that cannot run the child runner:
// the user's to fix, so the command exits 2.
class RuntimeError extends Error {
  constructor(message) {
    super(message);
    this.name = 'RuntimeError';
  }
}

// Flags the harness adds so the child can force a GC before its baseline.
function gcFlags(name) {
  if (name === 'deno') return ['--v8-flags=--expose-gc'];
  return ['--expose-gc']; // node (all versions) and bun
}

// The probe's readings in the record's words; the child runner reads the
// clock and memory the same way (child.js).
function fromProbe(caps, features, featureReasons) {
  return {
    version: caps.version, v8: caps.v8, arch: caps.arch, platform: caps.platform, features, featureReasons,
    clock: caps.hrtime.hrtime ? 'process.hrtime' : 'Date.now',
    procStatus: caps.memory.procVmHWM, peakReset: caps.memory.clearRefs, resourceUsage: caps.memory.resourceUsageMaxRSS
  };
}

function readyLine(result) {
  const lines = String(result.stdout || '').split('\n').filter((l) => l.trim());
  try {
    const line = JSON.parse(lines[lines.length - 1]);
    return line && line.type === 'ready' ? line : null;
  } catch (err) {
    return null;
  }
}

function whyNot(result) {
  if (result.spawnError) return result.spawnError.message;
  const how = `exit ${result.code}${result.signal ? `, ${result.signal}` : ''}`;
  return `${how}: ${String(result.stderr || '').trim().slice(-500)}`;
}

// → { harnessFlags, gc, heapLimitMb, startMs }; throws an Error saying why
// when the child runner does not start.
async function childStarts({ path, flags, env }, harnessFlags) {
  const start = (hf) => spawnChild({ path, flags, harnessFlags: hf, env }, ['--ready'], START_TIMEOUT_MS);
  let first = await start(harnessFlags);
  let ready = readyLine(first);
  if (!ready && harnessFlags.length) {
    // A GC flag the runtime rejects must not keep it out: it runs without.
    harnessFlags = [];
    first = await start(harnessFlags);
    ready = readyLine(first);
  }
  if (!ready) throw new Error(`the child runner did not report (${whyNot(first)})`);
  const starts = [first.wallMs];
  for (let i = 1; i < STARTS; i++) starts.push((await start(harnessFlags)).wallMs);
  return { harnessFlags, gc: ready.gc === true, heapLimitMb: ready.heapLimitMb, startMs: Math.round(median(starts) * 10) / 10 };
}

// A binary and its flags (bench --runtime PATH FLAGS...). env: what its
// children get besides ours.
async function binaryRuntime(path, flags, env) {
  const shown = [path].concat(flags).join(' ');
  let caps;
  try {
    caps = probeOnce(path, flags, { env });
  } catch (err) {
    if (!(err instanceof ProbeError)) throw err;
    if (err.kind === 'no-start') throw new RuntimeError(`--runtime ${path}: cannot start it (${err.cause.message}). Give the path to a node, bun or deno binary.`);
    throw new RuntimeError(`--runtime ${shown}: ${err.detail}; give the path to a node, bun or deno binary and flags it accepts`);
  }
  let started;
  try {
    started = await childStarts({ path, flags, env }, gcFlags(caps.runtime));
  } catch (err) {
    throw new RuntimeError(`--runtime ${shown}: ${err.message}`);
  }
  const fibers = caps.fibers.loadable === true;
  const record = Object.assign({ id: runtimeId({ name: caps.runtime, version: caps.version, flags }), name: caps.runtime, path, flags,
    harnessFlags: started.harnessFlags }, fromProbe(caps, Object.assign({}, caps.features, { fibers }), fibers ? {} : { fibers: caps.fibers.reason }),
  { gc: started.gc, heapLimitMb: started.heapLimitMb, startMs: started.startMs });
  if (env) record.env = env;
  return record;
}

// A resolved profile (scripts/runtimes resolveProfile): its probe is the
// profile's own, cached. Throws an Error when the child runner does not start.
async function profileRuntime(rt, env) {
  const caps = rt.capabilities;
  const started = await childStarts({ path: rt.path, flags: rt.flags, env }, rt.gcFlags);
  const record = Object.assign({ id: rt.id, name: caps.runtime, path: rt.path, flags: rt.flags, harnessFlags: started.harnessFlags },
    fromProbe(caps, caps.features, caps.featureReasons),
    { gc: started.gc, heapLimitMb: started.heapLimitMb, startMs: started.startMs });
  if (env) record.env = env;
  return record;
}

module.exports = { binaryRuntime, profileRuntime, gcFlags, RuntimeError };
