'use strict';
// One page per manifest variant (pages/variants/variant.njk), built as a drafts
// preview from data files: the real ones (every runtime profile's perf file),
// plus an extra runtime for one variant in the default runtime's file, so the
// test sees the pages render whatever runtimes the data hold.
// Expected figures are read from the data here and formatted with the page's
// own figure filter (tested in test/unit/variant-figures.test.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildDraftsSite, visibleText, shownCode } = require('../helpers/drafts-site');
const { dataDir: makeDataDir } = require('../helpers/data-dir');
const { scaleTimes } = require('../helpers/perf-samples');
const { loadManifest } = require('../../scripts/lib/manifest');
const { figure } = require('../../site/format');
const { readerReason } = require('../../site/lib/skip-reason');
const { PROFILES, DEFAULT_PERF, fileOfProfile, combine } = require('../../site/lib/perf-files');
const { hostOf } = require('../../site/lib/provenance');
const { orderRuntimes, runtimeInfo, compareVersions } = require('../../scripts/lib/runtime-id');

const ROOT = path.join(__dirname, '..', '..');
const DATA = path.join(ROOT, 'data');
const ARTICLE = '/posts/analysis-async-patterns-2013-and-now/';
const RESULTS = '/posts/results/';
const N = 1000;
// Invented: a runtime no real run uses, so its rows cannot be confused with measured ones.
const OLD_RUNTIME = 'node-0.10.48';

const manifest = loadManifest();
const readData = (name) => JSON.parse(fs.readFileSync(path.join(DATA, `${name}.json`), 'utf8'));
const complexity = readData('complexity');
const reference = readData('reference-2013');
const extra = manifest.variants.find((v) => v.era === '2013' && v.id !== 'original') || manifest.variants[0];

// The committed perf data of "now", plus copies of one variant's cells as if
// measured on a second runtime (times doubled, so its row cannot pass for the first).
function perfWithSecondRuntime() {
  const perf = readData(DEFAULT_PERF);
  const runId = `2013-08-09T00:00:00.000Z/${OLD_RUNTIME}`;
  // A real run environment, moved to 2013 and to the old runtime, so the
  // invented run passes the same schema check as a measured one.
  const real = Object.values(perf.runs)[0];
  const realRuntime = Object.values(real.runtimes)[0];
  perf.runs[runId] = {
    ...real, date: '2013-08-09T00:00:00.000Z', finished: '2013-08-09T00:10:00.000Z',
    git: { ...real.git, commit: 'f'.repeat(40) },
    runtimes: { [OLD_RUNTIME]: { ...realRuntime, id: OLD_RUNTIME, name: 'node', version: '0.10.48', flags: [] } },
  };
  const copies = perf.cells
    .filter((c) => c.variant === extra.id && c.scenario === 'upload' && c.n === N && c.runtime === Object.keys(real.runtimes)[0])
    .map((c) => ({ ...c, runtime: OLD_RUNTIME, run: runId, key: c.key.replace(c.runtime, OLD_RUNTIME), samples: c.samples.map((s) => ({ ...s, run: runId })) }));
  assert.ok(copies.length > 0, `no ${extra.id} cells at n=${N} in data/${DEFAULT_PERF}.json`);
  perf.cells.push(...copies);
  for (const c of copies) scaleTimes(c, 2);
  return perf;
}

let site;
let perf;
let dataDir;
test.before(() => {
  const now = perfWithSecondRuntime();
  dataDir = makeDataDir({ edit: { [DEFAULT_PERF]: (data) => Object.assign(data, now) } });
  // What the pages show: every profile's file present, "now" as edited.
  const names = PROFILES.map(fileOfProfile).filter((name) => fs.existsSync(path.join(DATA, `${name}.json`)));
  perf = combine(names.map((name) => ({ shown: name, data: name === DEFAULT_PERF ? now : readData(name) }))).data;
  site = buildDraftsSite({ CHARTS_DATA_DIR: dataDir.dir });
});
test.after(() => {
  if (dataDir) dataDir.remove();
});

function section(html, id) {
  const start = html.indexOf(`<h2 id="${id}">`);
  assert.ok(start >= 0, `no section #${id}`);
  const end = html.indexOf('<h2', start + 1);
  return html.slice(start, end < 0 ? html.indexOf('</article>') : end);
}

function runtimeLabel(c) {
  const rt = perf.runs[c.run].runtimes[c.runtime];
  return [rt.name, rt.version, ...rt.flags].join(' ');
}

const cells = (html) => [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => visibleText(m[1]).trim());
const tableRows = (html) => [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => cells(m[1])).filter((r) => r.length);

test('the variant pages are published together with the article, never one without the other', () => {
  const flag = (file) => /^---\n[\s\S]*?^draft: (true|false)$/m.exec(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  const article = flag('posts/analysis-async-patterns-2013-and-now.md');
  const pages = flag('pages/variants/variant.njk');
  assert.equal(pages && pages[1], article ? article[1] : 'false', 'pages/variants/variant.njk must carry the same draft flag as the article');
});

for (const v of manifest.variants) {
  test(`${v.id}: page exists, links back, shows its code and its figures`, () => {
    const url = `/variants/${v.id}/`;
    assert.ok(site.has(url), `no page at ${url}`);
    const html = site.read(url);
    assert.ok(html.includes(`<h1>${v.title.replace(/&/g, '&amp;')}</h1>`));

    // Back to its line in the list of variants (the results page), and to the article.
    assert.ok(html.includes(`href="${RESULTS}#variant-${v.id}"`), 'no link back to the list of variants');
    assert.ok(site.read(RESULTS).includes(`id="variant-${v.id}"`), 'the results page has no anchor for it');
    assert.ok(html.includes(`href="${ARTICLE}"`), 'no link to the article');
    assert.ok(html.includes(`href="${RESULTS}"`) && site.has(RESULTS), 'no link to the results');

    // The file the benchmark runs, whole.
    const shown = (v.compile && v.compile.source) || v.file;
    assert.equal(shownCode(html, `examples/${shown}`), fs.readFileSync(path.join(ROOT, 'examples', shown), 'utf8'));

    // Libraries and versions from the manifest.
    const text = visibleText(section(html, 'facts'));
    for (const [name, version] of Object.entries(v.libraries)) assert.ok(text.includes(`${name} ${version}`), `${name} ${version}`);

    // Size from data/complexity.json.
    const size = complexity.variants.find((r) => r.id === v.id);
    if (!size) assert.match(visibleText(section(html, 'size')), /Not counted yet: run npm run complexity/);
    else {
      assert.deepEqual(cells(section(html, 'size')), [size.headlineTokens, size.tokens, size.lines, size.depth].map(figure).concat(`${figure(size.headlineComplexity)}×`));
      const note = visibleText(section(html, 'size'));
      assert.ok(size.headerTokens ? note.includes(`${figure(size.headerTokens)}-token header`) : note.includes('no shared header'), 'header size');
      if (size.file2013) assert.ok(note.includes(`In 2013, ${size.file2013} counted ${figure(size.tokens2013)}`), '2013 counterpart');
      else assert.ok(!note.includes('In 2013,'));
    }

    // Time and memory at n, one row per runtime and mode in the data.
    const rows = tableRows(section(html, `time-and-memory`));
    const mine = perf.cells.filter((c) => c.variant === v.id && c.scenario === 'upload' && c.n === N);
    // A variant added since the last run says how to measure it.
    if (!mine.length) assert.match(visibleText(section(html, 'time-and-memory')), new RegExp(`Not measured at n = ${N} yet: run npm run bench -- --runtimes node-24 --variants '\\^${v.id}\\$' --resume --out data/perf-node-24\\.json`));
    assert.equal(rows.length, mine.length);
    for (const c of mine) {
      const row = rows.find((r) => r[0] === runtimeLabel(c) && r[1] === { cpu: 'CPU-bound', io: 'I/O-bound' }[c.mode]);
      assert.ok(row, `no row for ${c.runtime} ${c.mode}`);
      // Each row names the host that measured it (issue 42): the runtimes' rows come from different hosts.
      assert.equal(row[row.length - 1], hostOf(perf, c) || '–');
      if (c.status === 'ok') {
        assert.equal(row[2].replace(/ noisy$/, ''), `${figure(c.time.median)} (${figure(c.time.p25)}–${figure(c.time.p75)})`);
        assert.equal(row[3], `${figure(c.memory.median)} (${figure(c.memory.p25)}–${figure(c.memory.p75)})`);
        assert.equal(row[4], figure(c.ioFloorMs));
      } else {
        // Skipped or failed: the status and its reason, in place of the figures.
        assert.equal(row.length, 5);
        // The reason as readers get it (site/lib/skip-reason.js, issue 43).
        assert.ok(row[2].startsWith(c.status) && (!c.error || row[2].includes(readerReason(c.error).slice(0, 40))), row[2]);
      }
    }

    // The 2013 counterpart's figures from data/reference-2013.json.
    const then = visibleText(section(html, 'in-2013'));
    if (!v.article2013) {
      assert.match(then, /no variant in this style/);
      return;
    }
    assert.ok(then.includes(v.article2013));
    const cpu = (reference.cpuBound.series.find((s) => s.label === v.article2013) || { points: [] }).points.find((p) => p.n === N);
    if (cpu) assert.ok(then.includes(`${figure(cpu.value)} ${reference.cpuBound.unit}`), 'CPU-bound 2013 time');
    const size2013 = reference.complexity.rows.find((r) => r.name === v.article2013);
    if (size2013) assert.ok(then.includes(`${figure(size2013.tokens)} tokens`), '2013 token count');
  });
}

test(`a runtime present in the data gets its own rows (${extra.id} on ${OLD_RUNTIME})`, () => {
  const rows = tableRows(section(site.read(`/variants/${extra.id}/`), 'time-and-memory'));
  const shown = new Set(rows.map((r) => r[0]));
  const inData = new Set(perf.cells.filter((c) => c.variant === extra.id && c.scenario === 'upload' && c.n === N).map(runtimeLabel));
  assert.ok(inData.has('node 0.10.48') && inData.size >= 2);
  assert.deepEqual([...shown].sort(), [...inData].sort());
});

// Issue 29 on the variant pages: runtimes in random order, captions naming 2
// of 16 runtimes, an "I/O floor" named like the article's floor workload, and
// Bun's memory beside Node's with no word that the engines differ.
const pageOf = (v) => section(site.read(`/variants/${v.id}/`), 'time-and-memory');
const cellsOf = (v) => perf.cells.filter((c) => c.variant === v.id && c.scenario === 'upload' && c.n === N);

test('runtimes are listed in release order, the runtime matrix\'s (scripts/lib/runtime-id.js)', () => {
  for (const v of manifest.variants) {
    const mine = cellsOf(v);
    if (!mine.length) continue;
    const idOf = new Map(mine.map((c) => [runtimeLabel(c), c.runtime]));
    const shown = [...new Set(tableRows(pageOf(v)).map((r) => r[0]))].map((label) => runtimeInfo(perf, idOf.get(label)));
    const nodes = shown.filter((r) => r.name === 'node');
    assert.deepEqual(shown.slice(0, nodes.length), nodes, `${v.id}: Node first`);
    for (let i = 1; i < nodes.length; i++) assert.ok(compareVersions(nodes[i - 1].version, nodes[i].version) < 0, `${v.id}: node ${nodes[i - 1].version} before ${nodes[i].version}`);
    assert.deepEqual(shown.map((r) => r.id), orderRuntimes(shown).map((r) => r.id), v.id);
  }
  // The invented Node 0.10 sits at the end of the data, and first on the page.
  assert.equal(tableRows(pageOf(extra))[0][0], 'node 0.10.48');
});

test('the caption under the table names every runtime with a figure', () => {
  for (const v of manifest.variants) {
    const text = visibleText(pageOf(v));
    const measured = /Measured on ([^]*?)\. noisy:/.exec(text);
    const ok = cellsOf(v).filter((c) => c.status === 'ok');
    if (!ok.length) continue;
    assert.ok(measured, `${v.id}: no "Measured on"`);
    for (const c of ok) assert.match(measured[1], new RegExp(`(^|, | and |; )${runtimeLabel(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,| and )`), `${v.id}: ${runtimeLabel(c)} not named`);
  }
});

test('Bun\'s memory beside V8\'s is labelled not comparable across engines, wherever it appears', () => {
  let labelled = 0;
  for (const v of manifest.variants) {
    const html = pageOf(v);
    const withMemory = cellsOf(v).filter((c) => c.status === 'ok' && c.memory && typeof c.memory.median === 'number');
    const engines = new Set(withMemory.map((c) => runtimeInfo(perf, c.runtime).engine).filter(Boolean));
    const note = /<p class="meta" id="memory-engines">\* Peak memory is not comparable across engines \(V8: [^;]*Node[^;]*; JavaScriptCore: Bun\)/.test(html);
    if (engines.size > 1) {
      assert.ok(note, `${v.id}: Bun's memory is shown beside V8's without the label`);
      assert.match(html, /Peak memory, MB: median \(p25–p75\)<sup><a href="#memory-engines"/, `${v.id}: the column is not marked`);
      labelled++;
    } else {
      assert.ok(!note, `${v.id}: one engine, no label`);
    }
  }
  assert.ok(labelled > 0, 'no page shows two engines: the data changed, check the test');
});

test('the fake I/O time a call must wait is named "I/O wait", never "floor"', () => {
  for (const v of manifest.variants) {
    const html = pageOf(v);
    if (!cellsOf(v).length) continue;
    assert.match(html, /<th scope="col">I\/O wait, ms<\/th>/, v.id);
    assert.match(visibleText(html), /The I\/O wait is what the longest call spends waiting on its fake I\/O/, v.id);
    assert.doesNotMatch(visibleText(html), /floor/i, v.id);
  }
});

test('the results page links to every variant page, and the sitemap lists them', () => {
  const article = site.read(RESULTS);
  const sitemap = site.read('/sitemap.xml');
  for (const v of manifest.variants) {
    assert.ok(article.includes(`href="/variants/${v.id}/"`), `the results page has no link to ${v.id}`);
    assert.ok(sitemap.includes(`/variants/${v.id}/</loc>`), `sitemap lacks ${v.id}`);
  }
});
