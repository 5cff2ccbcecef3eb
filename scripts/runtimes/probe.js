// Capability probe of a runtime profile: runs probe-script.js under it without
// flags, then with the profile's flags and GC flag, and (when its fibers tree is
// built) the fibers probe. The result is cached in .cache/runtimes/<profile>/probe.json
// and reused while the probe scripts, the flags and the fibers tree are unchanged.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { profileOf, binaryPath, probeFile, isInstalled, readJson } = require('./profiles');
const { fibersStatus, fibersKey } = require('./fibers');
const { writeJsonAtomic } = require('./staging');

const PROBE_SCRIPT = path.join(__dirname, 'probe-script.js');

// kind: 'not-installed', 'no-start' (the binary could not be spawned: a
// wrong path; `cause` is the spawn error), 'no-report' (it ran but printed
// no probe), 'version' (not the version the profile pins). `detail`: the
// problem without the command in front.
class ProbeError extends Error {
  constructor(message, { kind, cause, detail = message } = {}) {
    super(message);
    this.name = 'ProbeError';
    this.kind = kind;
    this.detail = detail;
    if (cause) this.cause = cause;
  }
}

// One run of probe-script.js → its JSON record. Works for any binary, so a
// test (or the harness) can probe a runtime that is not a profile.
function probeOnce(binary, args, { env } = {}) {
  const r = spawnSync(binary, args.concat([PROBE_SCRIPT]), {
    encoding: 'utf8', timeout: 30000, env: Object.assign({}, process.env, env)
  });
  const line = String(r.stdout || '').trim().split('\n').pop();
  let record = null;
  try {
    record = JSON.parse(line);
  } catch (err) {
    record = null;
  }
  if (!record || record.type !== 'runtime-probe') {
    const why = r.error ? r.error.message : `${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`}: ${String(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}`;
    const detail = `the probe did not report (${why})`;
    throw new ProbeError(`${binary} ${args.join(' ')}: ${detail}`, { kind: r.error && r.error.code !== 'ETIMEDOUT' ? 'no-start' : 'no-report', cause: r.error, detail });
  }
  delete record.type;
  return record;
}

// command: arguments that come first (deno: run -A); flags: the profile's.
function probeBinary(binary, { command = [], flags = [], gcFlags = [] } = {}) {
  const bare = probeOnce(binary, command);
  // A GC flag the runtime rejects must not hide the other capabilities.
  let flagged, gcError = null;
  try {
    flagged = probeOnce(binary, command.concat(flags, gcFlags));
  } catch (err) {
    if (!gcFlags.length) throw err;
    gcError = err.message;
    flagged = probeOnce(binary, command.concat(flags));
  }
  const needsFlags = Object.keys(flagged.features).filter((f) => flagged.features[f] && !bare.features[f]);
  return {
    runtime: flagged.runtime,
    version: flagged.version,
    v8: flagged.v8,
    modules: flagged.modules,
    arch: flagged.arch,
    platform: flagged.platform,
    flags,
    features: flagged.features,
    featuresWithoutFlags: bare.features,
    needsFlags,
    hrtime: flagged.hrtime,
    gc: gcError ? { flags: gcFlags, exposed: false, error: gcError } : { flags: gcFlags, exposed: flagged.gc },
    memory: flagged.memory
  };
}

function cacheKey(profile) {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(PROBE_SCRIPT));
  h.update(fs.readFileSync(__filename)); // what this file adds to the record (features.fibers) counts too
  h.update(JSON.stringify([profile.version, profile.command, profile.flags, profile.gcFlags]));
  h.update(fibersKey(profile));
  return h.digest('hex').slice(0, 16);
}

// → the profile's capabilities; probes only when the cache is missing or stale.
function probeProfile(nameOrProfile, { refresh = false } = {}) {
  const profile = profileOf(nameOrProfile);
  const name = profile.name;
  if (!isInstalled(name)) {
    throw new ProbeError(`${name}: not installed; run \`npm run runtimes -- install ${name}\` first`, { kind: 'not-installed' });
  }
  const key = cacheKey(profile);
  const cached = readJson(probeFile(name));
  if (!refresh && cached && cached.key === key) return cached;
  return probeNow(profile, key);
}

// The cached probe while it is current (same scripts, flags and fibers tree), else null.
function cachedProbe(nameOrProfile) {
  const profile = profileOf(nameOrProfile);
  const cached = readJson(probeFile(profile.name));
  return cached && cached.key === cacheKey(profile) ? cached : null;
}

function probeNow(profile, key) {
  const name = profile.name;
  const caps = probeBinary(binaryPath(profile), profile);
  if (caps.version !== profile.version) {
    throw new ProbeError(`${name}: the binary reports ${caps.runtime} ${caps.version}, but the profile pins ${profile.version}; ` +
      `remove .cache/runtimes/${name} and reinstall it`, { kind: 'version' });
  }
  const fibers = fibersStatus(profile);
  // fibers is a feature like the others (manifest "requires"), with the reason
  // it is missing, which the harness puts into a skipped cell.
  const features = Object.assign({}, caps.features, { fibers: fibers.loadable === true });
  const featureReasons = fibers.loadable === true ? {} : { fibers: fibers.reason };
  const result = Object.assign({ profile: name, key, probedAt: new Date().toISOString() }, caps,
    { features, featureReasons, fibers });
  writeJsonAtomic(probeFile(name), result);
  return result;
}

module.exports = { probeProfile, cachedProbe, probeBinary, probeOnce, ProbeError, PROBE_SCRIPT };
