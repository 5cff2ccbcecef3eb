// Each variant must run on the library versions its manifest entry names.
// Era entries load an older release through an npm alias (co-3, q-0.9, ...),
// either by requiring the alias or through examples/lib/library-set.js; a
// mistake there would silently measure today's release under the era's name.
// So the modules the variant really loaded are followed from its own module
// down, and the package each library resolved to must carry the version the
// entry declares, and never today's release of an aliased library.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadManifest } = require('../../scripts/lib/manifest');

const ROOT = path.join(__dirname, '..', '..');
const NODE_MODULES = path.join(ROOT, 'node_modules') + path.sep;
const manifest = loadManifest();
const dependencies = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies;

// Top-level packages of node_modules reached from a module: name → version.
function packagesReached(mod, seen = new Set(), out = new Map()) {
  if (seen.has(mod)) return out;
  seen.add(mod);
  if (mod.filename.startsWith(NODE_MODULES)) {
    const parts = mod.filename.slice(NODE_MODULES.length).split(path.sep);
    const name = parts[0].startsWith('@') ? parts[0] + '/' + parts[1] : parts[0];
    if (!out.has(name)) {
      out.set(name, JSON.parse(fs.readFileSync(path.join(NODE_MODULES, name, 'package.json'), 'utf8')).version);
    }
  }
  for (const child of mod.children) packagesReached(child, seen, out);
  return out;
}

// "npm:q@0.9.7" → "q": the package an alias stands in for.
const aliasOf = (name) => {
  const m = /^npm:((?:@[^/]+\/)?[^@]+)@/.exec(dependencies[name] || '');
  return m ? m[1] : null;
};

test('the era aliases in package.json are exact versions of the libraries they stand in for', () => {
  const aliases = Object.keys(dependencies).filter(aliasOf);
  assert.ok(aliases.length > 0, 'package.json has no npm alias');
  for (const name of aliases) {
    assert.match(dependencies[name], /^npm:[^@]+@\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, `${name}: ${dependencies[name]}`);
  }
});

// ES5, run by another runtime, one process per entry (old Node records a
// module as the child of its first parent only): loads fibers from that
// runtime's tree when it has one, then prints the versions of the packages
// the entry's module tree reaches, from any node_modules, as JSON.
const WALK = `
  var fs = require('fs'), path = require('path');
  require(${JSON.stringify(path.join(ROOT, 'scripts', 'runtimes', 'fibers-hook.js'))}).useFibersTree();
  var SEP = path.sep + 'node_modules' + path.sep;
  function walk(m, seen, got) {
    if (seen.indexOf(m) >= 0) return got;
    seen.push(m);
    var at = m.filename.lastIndexOf(SEP);
    if (at >= 0) {
      var parts = m.filename.slice(at + SEP.length).split(path.sep);
      var name = parts[0].charAt(0) === '@' ? parts[0] + '/' + parts[1] : parts[0];
      var dir = m.filename.slice(0, at + SEP.length) + name;
      if (!got[name]) got[name] = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
    }
    m.children.forEach(function (c) { walk(c, seen, got); });
    return got;
  }
  var file = process.argv[process.argv.length - 1];
  require(file);
  console.log(JSON.stringify(walk(require.cache[require.resolve(file)], [], {})));`;

function reachedUnder(binary, flags, v) {
  const r = require('node:child_process').spawnSync(binary, [...flags, '-e', WALK, path.join(ROOT, 'examples', v.file)],
    { encoding: 'utf8', timeout: 20000 });
  assert.equal(r.status, 0, `${v.id}: ${r.stderr}`);
  return new Map(Object.entries(JSON.parse(r.stdout)));
}

// fibers does not load on the runtime running the tests: those entries are
// checked under node-14, whose fibers tree is built on demand (as in conformance.test.js).
const { findFibersTree } = require('../../scripts/runtimes/fibers-hook');
const FIBERS_PROFILE = 'node-14';

for (const v of manifest.variants) {
  const elsewhere = v.requires.includes('fibers') && !findFibersTree().dir;
  test(`${v.id} loads the library versions its entry names${elsewhere ? ` (under ${FIBERS_PROFILE})` : ''}`, (t) => {
    let reached;
    if (elsewhere) {
      const { binaryPath, isInstalled, installFibers } = require('../../scripts/runtimes');
      if (!isInstalled(FIBERS_PROFILE) && !process.env.CI) return t.skip(`install ${FIBERS_PROFILE} to load fibers (npm run runtimes -- install ${FIBERS_PROFILE})`);
      installFibers(FIBERS_PROFILE);
      reached = reachedUnder(binaryPath(FIBERS_PROFILE), [], v);
    } else {
      const file = require.resolve(path.join(ROOT, 'examples', v.file));
      require(file);
      reached = packagesReached(require.cache[file]);
    }
    const problems = [];
    for (const [name, version] of Object.entries(v.libraries)) {
      if (!reached.has(name)) problems.push(`${name} is listed but never loaded`);
      else if (reached.get(name) !== version) problems.push(`${name}: loaded ${reached.get(name)}, entry says ${version}`);
      const today = aliasOf(name);
      if (today && reached.has(today)) {
        problems.push(`${name} stands in for ${today}, but ${today} ${reached.get(today)} (today's release) was loaded too`);
      }
    }
    assert.deepEqual(problems, []);
  });
}

test('an entry with a librarySet runs the other entry\'s file on its aliases, and that entry keeps today\'s versions', () => {
  const entries = manifest.variants.filter((v) => v.librarySet);
  assert.ok(entries.length > 0, 'no entry uses librarySet');
  for (const v of entries) {
    const shared = manifest.variants.find((e) => e.id === v.librarySet.variant);
    assert.notEqual(shared.file, v.file, `${v.id}: a librarySet entry needs its own loader file`);
    const shim = require.resolve(path.join(ROOT, 'examples', v.file));
    require(shim);
    // The shared file, as a child of the loader: a fresh instance, apart from
    // the one the shared entry itself uses.
    const sharedFile = path.join(ROOT, 'examples', shared.file);
    const own = require.cache[shim].children.find((m) => m.filename === sharedFile);
    assert.ok(own, `${v.id}: ${v.file} does not load ${shared.file}`);
    require(sharedFile);
    assert.notEqual(own, require.cache[sharedFile], `${v.id}: shares its module instance with ${shared.id}`);
    for (const [name, alias] of Object.entries(v.librarySet.aliases)) {
      assert.equal(aliasOf(alias), name, `${v.id}: ${alias} is not an npm alias of ${name} in package.json`);
      const mine = packagesReached(own);
      const theirs = packagesReached(require.cache[sharedFile]);
      assert.ok(mine.has(alias) && !mine.has(name), `${v.id}: ${shared.file} should load ${alias}, not ${name}`);
      assert.ok(theirs.has(name) && !theirs.has(alias), `${shared.id}: ${shared.file} should load ${name}, not ${alias}`);
    }
  }
});

// The manifest learns librarySet; a wrong one must fail at load, naming it.
test('loadManifest rejects a librarySet whose alias is not among the libraries, or whose variant is unknown', (t) => {
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'asyncbench-manifest-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = manifest.variants.find((v) => v.librarySet);
  const write = (changed) => {
    const file = path.join(dir, 'manifest.json');
    fs.writeFileSync(file, JSON.stringify({ schema: 1, variants: manifest.variants.map((v) => (v === entry ? changed : v)) }));
    return file;
  };
  const badAlias = Object.assign({}, entry, { librarySet: { variant: entry.librarySet.variant, aliases: { q: 'not-listed' } } });
  assert.throws(() => loadManifest(write(badAlias)), new RegExp(`${entry.id}.*"librarySet" must be`));
  const badVariant = Object.assign({}, entry, { librarySet: Object.assign({}, entry.librarySet, { variant: 'no-such-entry' }) });
  assert.throws(() => loadManifest(write(badVariant)), /"librarySet.variant" names "no-such-entry", which is not an entry/);
  assert.doesNotThrow(() => loadManifest(write(entry)));
});

// The same check on Node 0.11.14, where the 2013-era entries also run
// (test/harness/old-runtime.test.js): the redirect of lib/library-set.js relies on
// Module internals that old Node must offer as well.
test('on Node 0.11.14, every 2013-era entry loads the library versions its entry names', (t) => {
  const { binaryPath, getProfile, isInstalled } = require('../../scripts/runtimes');
  if (!isInstalled('node-0.11') && !process.env.CI) return t.skip('run npm run runtimes -- install node-0.11 first');
  const { probeOnce } = require('../../scripts/runtimes/probe');
  const caps = probeOnce(binaryPath('node-0.11'), getProfile('node-0.11').flags);
  const probe = { features: { ...caps.features, fibers: caps.fibers.loadable }, featureReasons: caps.fibers.loadable ? {} : { fibers: caps.fibers.reason } };
  // fibers entries only where the fibers tree of node-0.11 is built.
  const era = manifest.variants.filter((v) => v.era === '2013' && v.requires.every((f) => probe.features[f]));
  for (const v of manifest.variants.filter((e) => e.era === '2013' && !era.includes(e))) {
    t.diagnostic(`${v.id} not checked: ${v.requires.map((f) => probe.featureReasons[f]).filter(Boolean).join('; ')}`);
  }
  const reached = {};
  for (const v of era) reached[path.join(ROOT, 'examples', v.file)] = Object.fromEntries(reachedUnder(binaryPath('node-0.11'), getProfile('node-0.11').flags, v));
  const problems = [];
  for (const v of era) {
    const got = reached[path.join(ROOT, 'examples', v.file)];
    for (const [name, version] of Object.entries(v.libraries)) {
      if (got[name] !== version) problems.push(`${v.id}: ${name} loaded ${got[name] || 'never'}, entry says ${version}`);
      const today = aliasOf(name);
      if (today && got[today]) problems.push(`${v.id}: ${today} ${got[today]} (today's release) loaded beside ${name}`);
    }
  }
  assert.deepEqual(problems, []);
});
