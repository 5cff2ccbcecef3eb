'use strict';
// `npm run data -- split FILE` (scripts/harness/split.js; bench's old
// --split): a perf@1 file holding several runtime profiles becomes one file
// per profile beside it, each valid perf@1 data the site's check accepts; a
// file already there is refused, never overwritten. The input is one recorded run of node-0.11 and
// node-24 together (test/fixtures/recorded/record.js), as data/perf.json held
// its runs before issue 28.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, tempDir, readData } = require('../fixtures/bench/helpers');
const { file: recorded } = require('../fixtures/recorded/record');
const { splitData } = require('../../scripts/harness/split');
const { mergeData } = require('../../scripts/harness/merge');
const { validate } = require('../../scripts/harness/datafile');
const { parseArgs } = require('../../scripts/harness/bench-args');
const { readDataFile } = require('../../site/lib/data-files');

const INPUT = recorded('perf-two-profiles');
const PROFILES = { 'node-0.11': 'node-0.11@0.11.14', 'node-24': 'node-24@24.21.0' };

// A folder holding a copy of the recorded file as perf.json.
function folderWithInput(t) {
  const dir = tempDir(t, 'asyncbench-split-');
  fs.copyFileSync(INPUT, path.join(dir, 'perf.json'));
  return dir;
}

// scripts/data.js split FILE -> { code, stdout, stderr }; `command`: bench's old flag instead.
function split(file, command = ['data.js', 'split']) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', command[0]), command[1], file], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const problems = (dir, name) => readDataFile(dir, name).problems.map((p) => `${p.kind} ${p.path} ${p.message}`);

test('the recorded input: one run measured both profiles', () => {
  const data = readData(INPUT);
  const runs = Object.values(data.runs);
  assert.equal(runs.length, 1);
  assert.deepEqual(Object.keys(runs[0].runtimes).sort(), Object.values(PROFILES).sort());
  assert.deepEqual([...new Set(data.cells.map((c) => c.runtime))].sort(), Object.values(PROFILES).sort());
});

test('split writes one valid perf@1 file per profile, holding only that profile\'s cells and runtime', (t) => {
  const dir = folderWithInput(t);
  const before = fs.readFileSync(path.join(dir, 'perf.json'), 'utf8');
  const r = split(path.join(dir, 'perf.json'));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const input = JSON.parse(before);
  for (const [profile, id] of Object.entries(PROFILES)) {
    const name = `perf-${profile}`;
    const cells = input.cells.filter((c) => c.runtime === id);
    assert.match(r.stdout, new RegExp(`${name}\\.json: ${cells.length} cells of ${profile.replace('.', '\\.')} from 1 run\\n`));
    const out = readData(path.join(dir, `${name}.json`));
    assert.deepEqual(validate(out), [], name);
    assert.equal(out.schema, 'asyncbench/perf@1');
    assert.deepEqual(out.cells, cells, `${name}: the profile's cells, as they were`);
    const [runId] = Object.keys(input.runs);
    assert.deepEqual(Object.keys(out.runs), [runId]);
    assert.deepEqual(Object.keys(out.runs[runId].runtimes), [id], 'only the profile\'s runtime');
    assert.deepEqual(out.runs[runId].runtimes[id], input.runs[runId].runtimes[id]);
    assert.deepEqual({ ...out.runs[runId], runtimes: null }, { ...input.runs[runId], runtimes: null }, 'the rest of the run as recorded');
    // The site's own check: schema, derived figures, finished runs.
    assert.deepEqual(problems(dir, name), [], name);
  }
  assert.deepEqual(fs.readdirSync(dir).sort(), ['perf-node-0.11.json', 'perf-node-24.json', 'perf.json'], 'no lock, journal or temporary file left');
  assert.equal(fs.readFileSync(path.join(dir, 'perf.json'), 'utf8'), before, 'the input is left as it was');
});

test('a profile\'s file already there is refused in one line naming it, the other is written, exit 1', (t) => {
  const dir = folderWithInput(t);
  const existing = path.join(dir, 'perf-node-24.json');
  fs.writeFileSync(existing, 'measured elsewhere\n');
  const r = split(path.join(dir, 'perf.json'));
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^data: refusing to overwrite \S*perf-node-24\.json: it exists; move it away to write it from \S*perf\.json$/);
  assert.equal(fs.readFileSync(existing, 'utf8'), 'measured elsewhere\n', 'never overwritten');
  assert.match(r.stdout, /perf-node-0\.11\.json: \d+ cells of node-0\.11 from 1 run\n/);
  assert.doesNotMatch(r.stdout, /perf-node-24/);
  assert.deepEqual(problems(dir, 'perf-node-0.11'), []);
});

test('what cannot be split is refused before anything is written', (t) => {
  const dir = tempDir(t, 'asyncbench-split-');
  let r = split(path.join(dir, 'perf.json'));
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^data: split \S*perf\.json: no such file; name the perf@1 file that holds several runtimes/);
  // A stopped run's journal holds repetitions the file lacks.
  fs.copyFileSync(INPUT, path.join(dir, 'perf.json'));
  fs.writeFileSync(path.join(dir, 'perf.json.journal'), '');
  r = split(path.join(dir, 'perf.json'));
  assert.equal(r.code, 1);
  assert.match(r.stderr, /perf\.json\.journal holds repetitions a stopped run never saved into \S*perf\.json; finish that run with npm run bench -- --resume --out \S*perf\.json, then split\. Nothing was written\./);
  fs.rmSync(path.join(dir, 'perf.json.journal'));
  fs.writeFileSync(path.join(dir, 'perf.json'), '{"schema": "asyncbench/perf@1"}');
  r = split(path.join(dir, 'perf.json'));
  assert.equal(r.code, 1);
  assert.match(r.stderr, /perf\.json: does not match asyncbench\/perf@1/);
  assert.deepEqual(fs.readdirSync(dir), ['perf.json']);
});

// The old flags stay for one release: a notice, then what the command does.
test('bench --split, the old flag: one line saying where it moved, then the files and output of data split', (t) => {
  const viaData = folderWithInput(t);
  const viaBench = folderWithInput(t);
  const now = split(path.join(viaData, 'perf.json'));
  const old = split(path.join(viaBench, 'perf.json'), ['bench.js', '--split']);
  assert.equal(old.code, 0, old.stderr);
  assert.equal(old.stderr, 'bench: --split moves to npm run data -- split FILE; the old flag works for this release only\n');
  assert.equal(old.stdout.replaceAll(path.relative(ROOT, viaBench), 'DIR'), now.stdout.replaceAll(path.relative(ROOT, viaData), 'DIR'));
  const masked = (dir, name) => fs.readFileSync(path.join(dir, name), 'utf8').replace(/"updated": "[^"]+"/, '"updated": ""');
  for (const name of ['perf-node-0.11.json', 'perf-node-24.json']) assert.equal(masked(viaBench, name), masked(viaData, name), name);
  // Its refusals as before, with bench's name.
  const again = split(path.join(viaBench, 'perf.json'), ['bench.js', '--split']);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /^bench: --split moves to npm run data -- split FILE.*\nbench: refusing to overwrite \S*perf-node-0\.11\.json/);
});

test('--split on the command line takes the file alone', () => {
  assert.deepEqual(parseArgs(['--split', 'data/perf.json']), { help: false, split: path.resolve('data/perf.json') });
  assert.throws(() => parseArgs(['--split', 'a.json', '--out', 'b.json']), /--split takes only the file to split, not --out/);
  assert.throws(() => parseArgs(['--split', 'a.json', '--merge', 'b.json']), /--split takes only the file to split, not --merge/);
  assert.throws(() => parseArgs(['--split', '']), /--split needs a non-empty value/);
});

test('a merged file splits back into its shards, hosts and shard records narrowed to each', () => {
  const input = readData(INPUT);
  const parts = splitData(input, 'scripts/bench.js').files;
  // Each part as a shard measured on a machine of its own.
  const shards = [...parts].map(([profile, data]) => {
    const copy = JSON.parse(JSON.stringify(data));
    for (const run of Object.values(copy.runs)) run.host = { ...run.host, cpu: `CPU of ${profile}` };
    // A run id is one run's: each shard's gets its own.
    const [id] = Object.keys(copy.runs);
    const own = `${id}-${profile}`;
    copy.runs = { [own]: copy.runs[id] };
    for (const c of copy.cells) {
      c.run = own;
      for (const s of c.samples) s.run = own;
    }
    return { file: `shard-${profile}.json`, name: `shard-${profile}.json`, data: copy };
  });
  const merged = mergeData(shards, 'scripts/bench.js');
  assert.equal(Object.keys(merged.hosts).length, 2);
  const again = splitData(merged, 'scripts/bench.js');
  assert.deepEqual(again.unplaced, []);
  for (const [profile, data] of again.files) {
    assert.deepEqual(validate(data), [], profile);
    assert.deepEqual(Object.values(data.hosts).map((h) => h.cpu), [`CPU of ${profile}`]);
    assert.deepEqual(data.shards.map((s) => [s.file, s.cells]), [[`shard-${profile}.json`, data.cells.length]]);
    assert.ok(data.cells.every((c) => data.hosts[c.host]), 'every cell\'s host is listed');
  }
});

test('cells of a runtime without a profile go in no file and are named; runs completed by later ones keep them', () => {
  const input = readData(INPUT);
  const [id] = Object.keys(input.runs);
  // A binary's run (--runtime PATH), and a stopped run the recorded one completed.
  const binary = 'node-20.20.2';
  input.runs['2026-01-01T00:00:00.000Z/node-20.20.2'] = { ...input.runs[id], runtimes: { [binary]: { ...input.runs[id].runtimes[PROFILES['node-24']], id: binary, profile: undefined } } };
  input.cells.push({ ...input.cells[0], runtime: binary, key: input.cells[0].key.replace(input.cells[0].runtime, binary), run: '2026-01-01T00:00:00.000Z/node-20.20.2',
    samples: input.cells[0].samples.map((s) => ({ ...s, run: '2026-01-01T00:00:00.000Z/node-20.20.2' })) });
  const stopped = '2025-12-31T00:00:00.000Z/node-24@24.21.0';
  input.runs[stopped] = { ...input.runs[id], finished: null, continuedBy: id };
  const cell = input.cells.find((c) => c.runtime === PROFILES['node-24'] && c.samples.length);
  cell.samples[0] = { ...cell.samples[0], run: stopped };
  const { files, unplaced } = splitData(JSON.parse(JSON.stringify(input)), 'scripts/bench.js');
  assert.deepEqual(unplaced, [binary]);
  assert.deepEqual([...files.keys()].sort(), ['node-0.11', 'node-24']);
  assert.deepEqual(Object.keys(files.get('node-24').runs).sort(), [stopped, id].sort(), 'the stopped run and the run that completed it');
  assert.deepEqual(Object.keys(files.get('node-0.11').runs), [id]);
  for (const data of files.values()) assert.ok(!data.cells.some((c) => c.runtime === binary));
});
