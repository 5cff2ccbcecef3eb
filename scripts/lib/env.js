// The environment stamped into every data file: what machine, which commit,
// which runtime and library versions, which settings, so a reader knows what
// the numbers describe and can rerun them. Two written shapes, both in
// data/SCHEMA.md: runEnv() for each run of the benchmark (data/perf*.json
// runs[].env) and analyzerEnv() for the analyzers' files (complexity,
// debuggability). They share the machine and commit readings below; the
// shapes themselves stay as the committed data files have them.
'use strict';
const { gitState } = require('./git-state');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT } = require('./paths');

function cpuModel() {
  const cpus = os.cpus();
  return { model: cpus.length ? cpus[0].model : null, cores: cpus.length };
}

function osName() {
  try {
    const text = fs.readFileSync('/etc/os-release', 'utf8');
    const m = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(text);
    if (m) return m[1];
  } catch (err) { /* not Linux */ }
  return `${os.type()} ${os.release()}`;
}

// Installed versions, read from node_modules/<name>/package.json, of every
// library the selected variants name plus the project's own dependencies.
function libraryVersions(variants) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const names = new Set(Object.keys(pkg.dependencies || {}));
  for (const v of variants) Object.keys(v.libraries || {}).forEach((n) => names.add(n));
  const out = {};
  for (const name of [...names].sort()) {
    try {
      out[name] = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch (err) {
      out[name] = null; // named but not installed
    }
  }
  return out;
}

function runEnv({ runtimes, variants, harness, argv, generatedBy }) {
  const cpu = cpuModel();
  return {
    date: new Date().toISOString(),
    finished: null,
    wallMs: null,
    generatedBy,
    argv,
    git: gitState(),
    host: {
      cpu: cpu.model === null ? 'unknown' : cpu.model.trim(),
      cores: cpu.cores,
      memGb: Math.round(os.totalmem() / 2 ** 30 * 10) / 10,
      os: osName(),
      kernel: `${os.type()} ${os.release()}`,
      arch: os.arch(),
      loadavg: os.loadavg().map((x) => Math.round(x * 100) / 100)
    },
    runtimes: Object.fromEntries(runtimes.map((r) => [r.id, r])),
    libraries: libraryVersions(variants),
    harness
  };
}

// A run id that sorts by time and says where it ran: 2026-11-22T06:41:07.123Z/node-20.20.2
// (milliseconds, so two short runs in the same second stay apart).
function runId(runtimes) {
  const stamp = new Date().toISOString();
  return `${stamp}/${runtimes.map((r) => r.id.replace(/\s+/g, '')).join('+')}`;
}

// `packages`: names whose installed version matters to this file's figures.
function analyzerEnv(generatedBy, packages = [], flags = []) {
  const versions = {};
  for (const name of packages) {
    try {
      versions[name] = require(`${name}/package.json`).version;
    } catch {
      versions[name] = null;
    }
  }
  const { commit, dirty, changed } = gitState();
  const cpu = cpuModel();
  return {
    runtime: 'node',
    runtimeVersion: process.version,
    v8: process.versions.v8,
    flags,
    platform: process.platform,
    arch: process.arch,
    cpu: cpu.model,
    cores: cpu.cores,
    date: new Date().toISOString(),
    commit,
    // Tracked files (not data/) changed but not committed when the data was
    // made, and which (scripts/lib/git-state.js).
    dirty,
    changed,
    versions,
    generatedBy,
  };
}

module.exports = { runEnv, analyzerEnv, runId, libraryVersions };
