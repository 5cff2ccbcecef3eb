// The environment block stamped on every run in a data file: what machine,
// which commit, which runtimes and library versions, which settings — enough
// for a reader to know what the numbers describe and to rerun them.
'use strict';
const { gitState } = require('./git-state');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

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

function collectEnv({ runtimes, variants, harness, argv, generatedBy }) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    finished: null,
    wallMs: null,
    generatedBy,
    argv,
    git: gitState(),
    host: {
      cpu: cpus.length ? cpus[0].model.trim() : 'unknown',
      cores: cpus.length,
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

module.exports = { collectEnv, runId, libraryVersions };
