'use strict';
// Every entry point under scripts/ keeps one command-line contract
// (scripts/lib/args.js): --help prints usage and exits 0; an unknown option
// or an invalid value exits 2 with a message naming the option. The list of
// entry points is read from scripts/, so a new one is checked without edits.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..', '..');
const SCRIPTS = path.join(ROOT, 'scripts');
// runtimes/cli.js is the one entry point inside its room: a scripts/runtimes.js
// beside the runtimes/ folder would shadow runtimes/index.js for require().
const ENTRIES = [...fs.readdirSync(SCRIPTS).filter((f) => f.endsWith('.js')), 'runtimes/cli.js'].sort();

// An invalid value for one option of each entry point that takes values.
const INVALID = {
  'bench.js': ['--reps', 'five'],
  'complexity.js': ['--out'],
  'data.js': ['merge', 'a.json', '--out'],
  'debuggability.js': ['--cost-n', 'ten'],
  'serve.js': ['--port', '99999'],
  'measure-page.js': ['--loads', 'many'],
  'prose-words.js': ['--site'],
};

function run(entry, args) {
  // Every case here fails or prints help before any work starts.
  return spawnSync(process.execPath, [path.join(SCRIPTS, entry), ...args], {
    cwd: ROOT, encoding: 'utf8', timeout: 30000, env: { ...process.env, PORT: '' },
  });
}

test('the entry points are the ones the README and npm scripts name', () => {
  assert.deepEqual(ENTRIES, ['bench.js', 'compile.js', 'complexity.js', 'data.js', 'debuggability.js', 'measure-page.js', 'prose-words.js', 'run-tests.js', 'runtimes/cli.js', 'serve.js']);
});

for (const entry of ENTRIES) {
  test(`${entry} --help prints its usage and exits 0`, () => {
    const r = run(entry, ['--help']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Usage: /);
  });

  test(`${entry} refuses an unknown option with exit 2, naming it`, () => {
    const r = run(entry, ['--no-such-option']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /--no-such-option/);
  });
}

for (const [entry, args] of Object.entries(INVALID)) {
  test(`${entry} refuses an invalid value with exit 2, naming the option (${args.join(' ')})`, () => {
    const r = run(entry, args);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, new RegExp(args[0]));
  });
}
