'use strict';
// The data check behind every build (site/lib/data-files.js): what it reads,
// what it rejects, and the file and JSON path it names. The build tests in
// build-errors.test.js show the same messages stop a real build.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { makeLoader, readDataFile, jsonPath, dataNames, REQUIRED } = require('../../site/lib/data-files');
const { dataDir } = require('../helpers/data-dir');
const { DEFAULT_PERF } = require('../../site/lib/perf-files');

const DATA = path.join(__dirname, '..', '..', 'data');
const problems = (hit) => hit.problems.map((p) => `${p.kind} ${p.path || ''} ${p.message}`.replace(/ +/g, ' '));

test('the committed data pass: every file has a schema, matches it, and is finished', () => {
  const load = makeLoader({ dataDir: DATA, allowIncomplete: false });
  assert.doesNotThrow(() => load.checkAll());
  for (const name of dataNames(DATA)) assert.deepEqual(problems(readDataFile(DATA, name)), [], name);
  assert.ok(dataNames(DATA).includes('perf-noise'), 'files the pages do not draw from are checked too');
});

test('JSON paths: indexes in brackets, names after dots, other keys quoted', () => {
  assert.equal(jsonPath('/cells/12/time/median'), '$.cells[12].time.median');
  assert.equal(jsonPath('/runs/2026-01-01T00:00:00Z~1node-20', 'finished'), '$.runs["2026-01-01T00:00:00Z/node-20"].finished');
  assert.equal(jsonPath(''), '$');
});

test('a missing file, bad JSON and a file without a schema are named with what to do', () => {
  const d = dataDir({ only: [], raw: { complexity: '{"schema": ', notes: '{}' } });
  try {
    assert.deepEqual(problems(readDataFile(d.dir, DEFAULT_PERF)), [`missing missing; the site draws from it. Make it with: ${REQUIRED[DEFAULT_PERF]}`]);
    assert.match(problems(readDataFile(d.dir, 'complexity'))[0], /^unreadable is not valid JSON \(.+\)\. Remake it with: npm run complexity$/);
    assert.match(problems(readDataFile(d.dir, 'notes'))[0], /has no JSON Schema: add data\/schema\/notes\.schema\.json/);
    const err = (() => { try { makeLoader({ dataDir: d.dir }).checkAll(); } catch (e) { return e; } })();
    assert.ok(err, 'checkAll must throw');
    for (const name of [...Object.keys(REQUIRED), 'notes']) assert.ok(err.message.includes(`${name}.json`), `${name}.json not named:\n${err.message}`);
  } finally {
    d.remove();
  }
});

test('performance data: the default runtime\'s file is required, another profile\'s is read when present, each with its command', () => {
  assert.equal(DEFAULT_PERF, 'perf-node-24');
  assert.equal(REQUIRED[DEFAULT_PERF], 'npm run bench -- --runtimes node-24 --out data/perf-node-24.json');
  assert.ok(!('perf' in REQUIRED), 'the one file of every runtime is no longer drawn from');
  const d = dataDir({ only: ['perf-noise'] });
  try {
    assert.ok(dataNames(d.dir).includes(DEFAULT_PERF));
    assert.ok(!dataNames(d.dir).includes('perf-bun'), 'a profile without a file is not required');
    assert.deepEqual(problems(readDataFile(d.dir, 'perf-bun')), ['missing missing; the site draws from it. Make it with: npm run bench -- --runtimes bun --out data/perf-bun.json']);
    const load = makeLoader({ dataDir: d.dir });
    assert.equal(load.has('perf-noise'), true);
    assert.equal(load.has('perf-bun'), false);
    // Until the old one-file data are split, the message says how.
    require('node:fs').writeFileSync(path.join(d.dir, 'perf.json'), '{}');
    assert.match(problems(readDataFile(d.dir, DEFAULT_PERF))[0],
      /^missing missing; the site draws from it\. Make it with: npm run bench -- --runtimes node-24 --out data\/perf-node-24\.json, or take it from the old one-file data: npm run data -- split \S+perf\.json$/);
  } finally {
    d.remove();
  }
});

test('wrong inner types are reported at their JSON path, in every kind of file', () => {
  const d = dataDir({
    only: ['perf-noise', 'complexity', 'reference-2013'],
    edit: {
      'perf-noise': (x) => { x.cells[1].samples[0].timeMs = '7'; },
      complexity: (x) => { x.variants[2].tokens = 1.5; },
      'reference-2013': (x) => { x.memory.series[3].points = {}; x.source.url = 'javascript:alert(1)'; },
    },
  });
  try {
    assert.deepEqual(problems(readDataFile(d.dir, 'perf-noise')), ['invalid $.cells[1].samples[0].timeMs must be number']);
    assert.deepEqual(problems(readDataFile(d.dir, 'complexity')), ['invalid $.variants[2].tokens must be integer']);
    assert.deepEqual(problems(readDataFile(d.dir, 'reference-2013')).sort(), [
      'invalid $.memory.series[3].points must be array',
      'invalid $.source.url must match pattern "^https?://[^\\s]+$"',
    ]);
    assert.throws(() => makeLoader({ dataDir: d.dir, allowIncomplete: true })('complexity'), /complexity\.json \$\.variants\[2\]\.tokens: must be integer/,
      'drafts never accept invalid data');
  } finally {
    d.remove();
  }
});

test('unfinished perf data: interrupted runs and planned cells without samples; a draft loader accepts and labels them', () => {
  let run;
  const d = dataDir({
    only: ['perf-noise'],
    edit: {
      'perf-noise': (x) => {
        run = Object.keys(x.runs)[0];
        x.runs[run].finished = null;
        x.cells[0].samples = [];
      },
    },
  });
  try {
    const hit = readDataFile(d.dir, 'perf-noise');
    assert.deepEqual(problems(hit), [
      `incomplete $.runs[${JSON.stringify(run)}].finished the run did not finish (interrupted, or still running)`,
      `incomplete $.cells[0].samples planned cell ${hit.data.cells[0].key} has no samples yet`,
    ]);
    assert.throws(() => makeLoader({ dataDir: d.dir, allowIncomplete: false })('perf-noise'), /ASYNCBENCH_ALLOW_INCOMPLETE=1/);
    const draft = makeLoader({ dataDir: d.dir, allowIncomplete: true })('perf-noise');
    assert.equal(draft.incomplete, '1 unfinished run, 1 planned cell without samples');
  } finally {
    d.remove();
  }
});
