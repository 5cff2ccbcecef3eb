'use strict';
// A scenario is a folder (issue 40): the registry (scripts/harness/scenarios/
// index.js) finds every folder that holds a descriptor.js or a child.js, in
// scripts/harness/scenarios/ and in the folders of ASYNCBENCH_SCENARIO_DIRS,
// checks each descriptor, and orders them: the default run by its places,
// then the other built-in ones by name, then the added ones. The schema
// registry and the site find an added scenario's schema.json and model.js
// through the same folders (scripts/lib/scenario-dirs.js).

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { checked, registry } = require('../../scripts/harness/scenarios');
const locate = require('../../scripts/harness/scenarios/locate');
const scenarioDirs = require('../../scripts/lib/scenario-dirs');

const TOY_DIR = path.join(__dirname, '..', 'fixtures', 'scenarios');

// A folder of scenario folders; `scenarios`: name -> { descriptor: source | null, child: true | false }.
function folderOf(t, scenarios) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-scenarios-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, { descriptor, child = true }] of Object.entries(scenarios)) {
    fs.mkdirSync(path.join(dir, name));
    if (descriptor) fs.writeFileSync(path.join(dir, name, 'descriptor.js'), descriptor);
    if (child) fs.writeFileSync(path.join(dir, name, 'child.js'), "'use strict';\nmodule.exports = { run: function () {} };\n");
  }
  return dir;
}

const source = (fields) => `'use strict';\nmodule.exports = Object.assign({ modes: ['a'], data: { file: 'data/x.json', schema: 'x@1' },
  cell: function () { return null; } }, ${JSON.stringify(fields)});\n`;

const found = (dir, builtIn) => scenarioDirs.scenarioFolders(dir).map((f) => ({ ...f, builtIn }));

test('checked: a descriptor\'s first problem, named with its file', (t) => {
  const dir = folderOf(t, { good: { descriptor: null }, lonely: { descriptor: null, child: false } });
  const file = (name) => path.join(dir, name, 'descriptor.js');
  const complete = { name: 'good', modes: ['a'], data: { file: 'data/good.json', schema: 'good@1' }, cell: () => null };
  const d = checked(complete, file('good'));
  assert.equal(d.defaultRun, false, 'optional fields are filled in');
  assert.deepEqual(d.options, []);
  assert.ok(Object.isFrozen(d));
  const cases = [
    [{ ...complete, name: 'Good' }, 'good', 'its name must be a-z, 0-9 and -'],
    [complete, 'lonely', 'its name "good" is not its folder\'s'],
    [{ ...complete, name: 'lonely' }, 'lonely', 'child.js is missing beside it'],
    [{ ...complete, modes: [] }, 'good', 'it needs its modes'],
    [{ ...complete, data: { file: 'data/good.json' } }, 'good', 'it needs data: { file, schema }'],
    [{ ...complete, cell: undefined }, 'good', 'it needs cell(args)'],
    [{ ...complete, defaultRun: true }, 'good', 'defaultRun must be false or its place in the default run (1, 2, ...)'],
    [{ ...complete, defaultRun: 0 }, 'good', 'defaultRun must be false or its place in the default run (1, 2, ...)'],
  ];
  for (const [descriptor, folder, problem] of cases) {
    assert.throws(() => checked(descriptor, file(folder)),
      { message: `Internal error: scenario ${file(folder)}: ${problem} (scripts/harness/scenarios/index.js describes a descriptor)` });
  }
  assert.doesNotThrow(() => checked({ ...complete, defaultRun: 2 }, file('good')));
});

test('registry: the default run by its places, the other built-in scenarios by name, then the added ones', (t) => {
  const builtIn = folderOf(t, {
    zeta: { descriptor: source({ name: 'zeta' }) },
    second: { descriptor: source({ name: 'second', defaultRun: 2 }) },
    alpha: { descriptor: source({ name: 'alpha' }) },
    first: { descriptor: source({ name: 'first', defaultRun: 1 }) },
  });
  const added = folderOf(t, { aaa: { descriptor: source({ name: 'aaa' }) } });
  fs.mkdirSync(path.join(added, 'variants')); // not a scenario: neither file
  const names = registry(found(builtIn, true).concat(found(added, false))).map((d) => d.name);
  assert.deepEqual(names, ['first', 'second', 'alpha', 'zeta', 'aaa']);
});

test('registry: a half-made folder, a name taken twice and a place taken twice are refused, naming them', (t) => {
  const half = folderOf(t, { half: { descriptor: null } });
  assert.throws(() => registry(found(half, true)), { message: new RegExp(`scenario ${path.join(half, 'half', 'descriptor.js')}: it is missing beside child.js`) });
  const one = folderOf(t, { same: { descriptor: source({ name: 'same' }) } });
  const other = folderOf(t, { same: { descriptor: source({ name: 'same' }) } });
  assert.throws(() => registry(found(one, true).concat(found(other, false))),
    { message: `Internal error: two scenarios are named "same" (${path.join(one, 'same')} and ${path.join(other, 'same')}); rename the one in a folder of ASYNCBENCH_SCENARIO_DIRS` });
  const places = folderOf(t, { a: { descriptor: source({ name: 'a', defaultRun: 1 }) }, b: { descriptor: source({ name: 'b', defaultRun: 1 }) } });
  assert.throws(() => registry(found(places, true)), { message: /scenarios a and b both take place 1 in the default run \(defaultRun\)/ });
});

test('locate: a scenario\'s child module is NAME/child.js, built in or in an added folder', () => {
  const builtIn = path.join(__dirname, '..', '..', 'scripts', 'harness', 'scenarios');
  assert.equal(locate.childFile('chains', {}), path.join(builtIn, 'chains', 'child.js'));
  assert.equal(locate.childFile('toy', {}), null);
  assert.equal(locate.childFile('toy', { ASYNCBENCH_SCENARIO_DIRS: TOY_DIR }), path.join(TOY_DIR, 'toy', 'child.js'));
  assert.equal(locate.childFile('../scenarios/chains', {}), null, 'a name is a-z, 0-9 and -, never a path');
  const names = locate.folders({ ASYNCBENCH_SCENARIO_DIRS: TOY_DIR }).map((f) => `${f.name}${f.builtIn ? '' : ' (added)'}`);
  assert.ok(names.includes('chains') && names.includes('upload'), names.join(', '));
  assert.equal(names[names.length - 1], 'toy (added)');
});

test('an added scenario folder brings its schema and its site model with it', () => {
  const env = { ASYNCBENCH_SCENARIO_DIRS: TOY_DIR };
  assert.deepEqual(scenarioDirs.addedScenarioFiles('schema.json', env), [{ name: 'toy', file: path.join(TOY_DIR, 'toy', 'schema.json') }]);
  assert.deepEqual(scenarioDirs.addedScenarioFiles('model.js', env), [{ name: 'toy', file: path.join(TOY_DIR, 'toy', 'model.js') }]);
  assert.deepEqual(scenarioDirs.addedScenarioFiles('model.js', {}), []);
});

test('every scenario has its data file\'s schema in data/schema/ and its model in site/models/, by the file\'s name', () => {
  const scenarios = require('../../scripts/harness/scenarios');
  const schemas = require('../../scripts/lib/schemas');
  const root = path.join(__dirname, '..', '..');
  for (const d of scenarios.scenarios()) {
    const base = path.basename(d.data.file, '.json');
    assert.equal(schemas.keyOfName(d.data.schema), `${base}.schema.json`, `${d.name}: the schema of ${d.data.file} carries "${d.data.schema}"`);
    assert.ok(fs.existsSync(path.join(root, 'site', 'models', `${base}.js`)), `${d.name}: site/models/${base}.js draws ${d.data.file}`);
  }
});
