'use strict';
// A runtime's identity has one home, scripts/lib/runtime-id.js (issue 40,
// item 1): read from the source, no other file parses an id by splitting
// at "@", names profiles.json to read it, or orders runtimes by release of
// its own; and one function only is called profileOf.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, modules, stripComments } = require('../helpers/script-imports');

const HOME = path.join('scripts', 'lib', 'runtime-id.js');
// Runs in the child on Node 0.11, which cannot load the home (ES2015+), and
// finds its own fibers tree from profiles.json: the one other reader.
const ES5_READER = path.join('scripts', 'runtimes', 'fibers-hook.js');

// Every JavaScript file of the repository's own (the site's scripts, the
// harness, the analyzers, the browser code, the tests), but this one.
function sources() {
  const dirs = ['scripts', 'site', '_config', 'assets', 'test'].map((d) => path.join(ROOT, d));
  const top = fs.readdirSync(ROOT).filter((f) => f.endsWith('.js')).map((f) => path.join(ROOT, f));
  return dirs.flatMap((d) => modules(d)).concat(top)
    .map((f) => path.relative(ROOT, f))
    .filter((f) => f !== HOME && f !== path.relative(ROOT, __filename));
}

// [file:line: text] of the lines of `files` that match `re`, comments left out.
function hits(files, re) {
  const out = [];
  for (const file of files) {
    stripComments(fs.readFileSync(path.join(ROOT, file), 'utf8')).split('\n').forEach((line, i) => {
      if (re.test(line)) out.push(`${file}: ${line.trim()}`);
    });
  }
  return out;
}

const SPLIT_AT = /\.split\(\s*(['"`])@\1\s*\)|\.split\(\s*\/[^/\n]*@[^/\n]*\/[a-z]*\s*\)/;
// The file by path: "…/lib/profiles.json", or path.join(…, 'runtimes',
// 'profiles.json'), or a bare 'profiles.json' beside it in scripts/ (a test
// writing a profiles.json of its own in a temp folder is not reading ours).
const PROFILES_PATH = /(['"`])[\w./-]*(?:lib|runtimes)\/profiles\.json\1|(['"`])(?:lib|runtimes)\2\s*,\s*(['"`])profiles\.json\3/;
const BARE_PROFILES = /(['"`])profiles\.json\1/;
// A release order of its own: a function of the home's names, or a sort
// that compares release dates.
const ORDER_NAMES = /\b(?:function\s+(?:byRelease|orderRuntimes|compareVersions|runtimesOfCells)\b|(?:const|let|var)\s+(?:byRelease|orderRuntimes|compareVersions|runtimesOfCells)\s*=)/;
const SORT_BY_RELEASE = /(?:\.sort\(|localeCompare)[^\n]*\breleased\b|\breleased\b[^\n]*localeCompare/;

test('the scan sees the files it checks, and each pattern finds what it looks for', () => {
  const files = sources();
  for (const f of ['site/lib/perf-files.js', 'site/models/cost.js', 'scripts/runtimes/profiles.js', 'scripts/harness/profile-runtimes.js', ES5_READER]) {
    assert.ok(files.includes(f.split('/').join(path.sep)), f);
  }
  assert.ok(SPLIT_AT.test("id.split('@')[0]") && SPLIT_AT.test('id.split(/[-@]/)') && !SPLIT_AT.test("s.split(',')"));
  assert.ok(PROFILES_PATH.test("require('../../scripts/lib/profiles.json')") && PROFILES_PATH.test("path.join(ROOT, 'scripts', 'runtimes', 'profiles.json')"));
  assert.ok(!PROFILES_PATH.test('`name one of a, b (scripts/lib/profiles.json)`'), 'a message naming the file reads nothing');
  assert.ok(ORDER_NAMES.test('function byRelease() {') && ORDER_NAMES.test('const compareVersions = (a, b) => 0;'));
  assert.ok(SORT_BY_RELEASE.test('names.sort((a, b) => p[a].released.localeCompare(p[b].released))'));
});

test('no file but scripts/lib/runtime-id.js splits a runtime id at "@"', () => {
  assert.deepEqual(hits(sources(), SPLIT_AT), [], 'use parseRuntimeId() or profileName() of scripts/lib/runtime-id.js');
});

test('no file but scripts/lib/runtime-id.js reads profiles.json (fibers-hook.js, ES5 in the child, aside)', () => {
  const files = sources().filter((f) => f !== ES5_READER);
  const inScripts = files.filter((f) => f.split(path.sep)[0] === 'scripts');
  assert.deepEqual(hits(files, PROFILES_PATH).concat(hits(inScripts, BARE_PROFILES)), [],
    'use loadProfiles(), profileNames() or PROFILES_FILE of scripts/lib/runtime-id.js, which honour ASYNCBENCH_RUNTIME_PROFILES');
  // The CI matrix lists the profiles too, in a script of its own.
  const workflows = path.join(ROOT, '.github', 'workflows');
  const yml = fs.existsSync(workflows) ? fs.readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f)) : [];
  const required = yml.filter((f) => /require\(\s*(['"])[^'"\n]*profiles\.json\1/.test(fs.readFileSync(path.join(workflows, f), 'utf8')));
  assert.deepEqual(required, [], 'a workflow lists the profiles with require("./scripts/lib/runtime-id").profileNames()');
});

test('no file but scripts/lib/runtime-id.js orders runtimes by release', () => {
  assert.deepEqual(hits(sources(), ORDER_NAMES).concat(hits(sources(), SORT_BY_RELEASE)), [], 'use orderRuntimes(), runtimesOfCells() or byRelease()');
});

test('one function only is called profileOf', () => {
  const defined = hits(sources().concat(HOME), /\b(?:function\s+profileOf\b|(?:const|let|var)\s+profileOf\s*=)/);
  assert.ok(defined.length <= 1, defined.join('\n'));
});
