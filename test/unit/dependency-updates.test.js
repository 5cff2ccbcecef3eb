'use strict';
// renovate.json, the dependency-update bot's configuration: it must never
// offer an update of a library under test (every package.json "dependencies"
// entry, at the version the benchmark measured) and must still offer the
// tools' updates (devDependencies). Renovate applies packageRules in order,
// a later match overriding an earlier one; this test follows the matchers it
// knows and refuses a rule with any other, so a new kind of rule is read
// here before the test can pass. The preset the file extends
// (config:recommended) turns no npm dependency off.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const readJson = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, name), 'utf8'));

// A package.json entry as Renovate's npm manager sees it: an npm: alias is
// named by its key (depName) and fetched as the real package (packageName).
function depsOf(pkg) {
  return ['dependencies', 'devDependencies'].flatMap((depType) => Object.entries(pkg[depType] || {}).map(([depName, spec]) => {
    const alias = /^npm:((?:@[^/]+\/)?[^@]+)@/.exec(spec);
    return { manager: 'npm', depType, depName, packageName: alias ? alias[1] : depName };
  }));
}

const MATCHERS = {
  matchManagers: (dep, list) => list.includes(dep.manager),
  matchDepTypes: (dep, list) => list.includes(dep.depType),
  matchDepNames: (dep, list) => list.includes(dep.depName),
  matchPackageNames: (dep, list) => list.includes(dep.packageName),
};

function ruleMatches(rule, dep) {
  const keys = Object.keys(rule).filter((k) => k.startsWith('match'));
  for (const k of keys) {
    if (!MATCHERS[k]) throw new Error(`renovate.json: a package rule uses ${k}, which this test does not read; teach MATCHERS in ${path.relative(ROOT, __filename)} what it means`);
    const patterns = rule[k].filter((p) => /[*?!{}]|^\/.*\/$/.test(p));
    if (patterns.length) throw new Error(`renovate.json: ${k} holds patterns (${patterns.join(', ')}); this test reads exact names only`);
  }
  return keys.length > 0 && keys.every((k) => MATCHERS[k](dep, rule[k]));
}

// Whether Renovate would offer updates of dep under config.
function updatesEnabled(config, dep) {
  let enabled = config.enabled !== false;
  for (const rule of config.packageRules || []) {
    if ('enabled' in rule && ruleMatches(rule, dep)) enabled = rule.enabled;
  }
  return enabled;
}

const config = () => readJson('renovate.json');
const deps = depsOf(readJson('package.json'));

test('no library under test (package.json "dependencies") is ever offered an update, npm: aliases included', () => {
  const subjects = deps.filter((d) => d.depType === 'dependencies');
  assert.ok(subjects.some((d) => d.depName === 'bluebird-0.9' && d.packageName === 'bluebird'), 'the 2013 aliases are read as their real packages');
  assert.deepEqual(subjects.filter((d) => updatesEnabled(config(), d)).map((d) => d.depName), []);
});

test('every tool (devDependencies) is still updated', () => {
  assert.deepEqual(deps.filter((d) => d.depType === 'devDependencies' && !updatesEnabled(config(), d)).map((d) => d.depName), []);
});

test('without its rule for the libraries under test, the check sees them offered', () => {
  const bare = Object.assign({}, config(), { packageRules: [] });
  assert.ok(deps.filter((d) => d.depType === 'dependencies').every((d) => updatesEnabled(bare, d)));
  // A later rule that turns one back on wins, as in Renovate.
  const reopened = Object.assign({}, config(), { packageRules: [...config().packageRules, { matchDepNames: ['when-1'], enabled: true }] });
  assert.equal(updatesEnabled(reopened, deps.find((d) => d.depName === 'when-1')), true);
});

test('every rule, the lock file\'s refresh and the file itself say why', () => {
  const c = config();
  const said = (o) => Array.isArray(o.description) && o.description.length > 0 && o.description.every((s) => typeof s === 'string' && s.trim());
  assert.ok(said(c), 'renovate.json: a description at the top');
  for (const [i, rule] of (c.packageRules || []).entries()) assert.ok(said(rule), `renovate.json: packageRules[${i}] has no description`);
  assert.equal(c.lockFileMaintenance && c.lockFileMaintenance.enabled, false, 'a lock file refresh would move the libraries under test\'s own dependencies');
  assert.ok(said(c.lockFileMaintenance), 'renovate.json: lockFileMaintenance has no description');
});
