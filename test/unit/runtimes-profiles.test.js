// scripts/lib/profiles.json: its shape (JSON Schema), the references a
// schema cannot check, and its agreement with package.json, the manifest and
// the changelogs inside installed runtimes.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const { ROOT, PROFILES, tempCache } = require('../helpers/runtimes');
const { isInstalled, packageDir } = require('../../scripts/runtimes/profiles');
const { loadProfiles, byRelease, compareVersions } = require('../../scripts/lib/runtime-id');
const { loadManifest } = require('../../scripts/lib/manifest');

const SCHEMA = path.join(ROOT, 'scripts', 'lib', 'profiles.schema.json');
const data = JSON.parse(fs.readFileSync(PROFILES, 'utf8'));

function validator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')));
  return (d) => (validate(d) ? null : ajv.errorsText(validate.errors, { separator: '\n' }));
}

test('profiles.json validates against profiles.schema.json', () => {
  assert.equal(validator()(data), null);
});

test('the schema rejects a loose version, a missing fibers entry and an unknown engine', () => {
  const check = validator();
  const broken = (change) => {
    const copy = JSON.parse(JSON.stringify(data));
    change(copy.profiles['node-0.11']);
    return check(copy);
  };
  assert.match(broken((p) => { p.version = '0.11'; }) || '', /version must match pattern/);
  assert.match(broken((p) => { delete p.fibers; }) || '', /must have required property 'fibers'/);
  assert.match(broken((p) => { p.engine = 'spidermonkey'; }) || '', /engine must be equal to one of the allowed values/);
});

test('a profile naming a library set that does not exist is refused, naming both', (t) => {
  const dir = tempCache(t);
  const copy = JSON.parse(JSON.stringify(data));
  copy.profiles['node-0.11'].libraries = 'no-such-set';
  const file = path.join(dir, 'profiles.json');
  fs.writeFileSync(file, JSON.stringify(copy));
  assert.throws(() => loadProfiles(file), /profile node-0\.11 names library set "no-such-set"/);
});

test('the "current" library set pins exactly package.json\'s dependencies', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.deepEqual(data.librarySets.current.packages, pkg.dependencies);
});

test('every library set either provides or explains every library a variant uses', () => {
  const used = new Map();
  // A libraryTree entry's libraries come from the fibers tree, not a library
  // set (test/harness/fibers-variants.test.js checks that pin).
  for (const v of loadManifest().variants.filter((e) => e.libraryTree !== 'fibers')) {
    for (const [lib, version] of Object.entries(v.libraries)) used.set(lib, version);
  }
  assert.ok(used.size > 0);
  const problems = [];
  for (const [set, s] of Object.entries(data.librarySets)) {
    for (const [lib, version] of used) {
      if (s.unavailable[lib]) continue;
      if (!s.packages[lib]) problems.push(`${set}: ${lib} is neither a package nor unavailable`);
      else if (s.packages[lib] !== version && !s.description.includes(lib)) {
        problems.push(`${set}: ${lib}@${s.packages[lib]} differs from the variants' ${version} without saying why`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

// Node's packages carry their changelog; where one is installed, the profile's
// release date must be the one it gives for that version.
test('release dates match the changelogs of the installed Node runtimes', (t) => {
  const checked = [];
  for (const [name, p] of Object.entries(data.profiles)) {
    if (p.runtime !== 'node' || !isInstalled(name)) continue;
    const top = path.join(packageDir(name), p.binary, '..', '..'); // above bin/node
    const candidates = [path.join(top, 'CHANGELOG.md'), path.join(top, 'ChangeLog')];
    const file = candidates.find((f) => fs.existsSync(f));
    if (!file) continue;
    const escaped = p.version.replace(/\./g, '\\.');
    const m = new RegExp(`(\\d{4})[-.](\\d\\d)[-.](\\d\\d), Version ${escaped}\\b`).exec(fs.readFileSync(file, 'utf8'));
    if (!m) continue; // Node 6 to 12 ship only an index without dates
    assert.equal(p.released, `${m[1]}-${m[2]}-${m[3]}`, `${name}: released`);
    checked.push(name);
  }
  if (!checked.length) t.skip('no installed Node runtime with a dated changelog (npm run runtimes -- install node-0.11)');
});

test('byRelease lists every profile once, in the release order the site shows runtimes in', () => {
  const order = byRelease();
  assert.deepEqual([...order].sort(), Object.keys(data.profiles).sort());
  // A family comes in, whole, with its first release; within it the versions
  // go up: Node 22 before 24, though 22.23 came out after 24.21.
  const family = (n) => data.profiles[n].runtime;
  const families = order.map(family).filter((f, i, all) => all[i - 1] !== f);
  assert.equal(new Set(families).size, families.length, `a family is not split: ${order.join(', ')}`);
  const debut = (f) => order.filter((n) => family(n) === f).map((n) => data.profiles[n].released).sort()[0];
  assert.deepEqual(families.map(debut), families.map(debut).sort());
  for (const f of families) {
    const versions = order.filter((n) => family(n) === f).map((n) => data.profiles[n].version);
    assert.deepEqual(versions, [...versions].sort(compareVersions), f);
  }
  assert.ok(data.profiles['node-22'].released > data.profiles['node-24'].released && order.indexOf('node-22') < order.indexOf('node-24'));
});
