'use strict';
// `npm test`: every tier of the test suite, in order (scripts/site-tools/
// test-tiers.js), each with node --test at the tier's concurrency, then one
// summary line per tier and the closing line "N passed, N failed".
// `npm run test:unit` (and test:site, test:harness, test:browser) runs one.
// A tier that fails does not stop the next: CI shows every tier's result.
// The files are collected by test-tiers.js testFiles (node --test test/
// would run helpers and fixtures too, and does not expand globs).
// Extra options of node --test (--test-*, --experimental-test-*) pass through,
// e.g. --test-name-pattern=feed; anything else is refused before anything runs.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { buildSite } = require('./site-tools/site');
const { TIERS, byName, dirOf, testFiles } = require('./site-tools/test-tiers');
const { ROOT } = require('./lib/paths');
const { isAlive } = require('./lib/process-alive');
const { UsageError, reportFailure } = require('./lib/args');

const HELP = `Usage: npm test [-- node --test options]
       npm run test:unit | test:site | test:harness | test:browser
       node scripts/run-tests.js [--tier NAME[,NAME...]] [--test-name-pattern=REGEX] [other --test-* options]

Runs the test suite's tiers in this order (all of them unless --tier names some):
${TIERS.map((t) => `  ${t.name.padEnd(8)} test/${t.name}/: ${t.what}`).join('\n')}
Prints one line per tier (tests passed, failed, skipped; files; time), then "N passed, N failed".
Options starting with --test- or --experimental-test- go to node --test.
Exit status: 0 when every test passed, 1 when one failed, 2 for bad arguments.`;

const PASS_THROUGH = /^--(experimental-)?test(-|$)/;
// The run's shared site builds (test/helpers/site-builds.js).
const BUILDS_ROOT = path.join(ROOT, '.cache', 'test-builds');

function parseArgs(argv) {
  const passThrough = [];
  let tiers = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--tier' || a.startsWith('--tier=')) {
      const value = a === '--tier' ? argv[++i] : a.slice('--tier='.length);
      if (!value) throw new UsageError(`--tier needs a value: one or more of ${TIERS.map((t) => t.name).join(', ')}`);
      tiers = value.split(',').map((name) => {
        if (!byName(name)) throw new UsageError(`--tier: no tier "${name}"; the tiers are ${TIERS.map((t) => t.name).join(', ')}`);
        return name;
      });
    } else if (PASS_THROUGH.test(a)) {
      passThrough.push(a);
      // A value given as a separate word (--test-name-pattern feed) follows its option.
      if (!a.includes('=') && argv[i + 1] !== undefined && !argv[i + 1].startsWith('-')) passThrough.push(argv[++i]);
    } else {
      throw new UsageError(`unknown argument "${a}"; use --tier, or node --test options (--test-*) to pass through`);
    }
  }
  const chosen = tiers ? TIERS.filter((t) => tiers.includes(t.name)) : TIERS;
  return { tiers: chosen, passThrough };
}

// The folder this run's test files share their site builds in; folders of
// earlier runs whose process is gone are removed first.
function buildsFolder() {
  fs.mkdirSync(BUILDS_ROOT, { recursive: true });
  for (const name of fs.readdirSync(BUILDS_ROOT)) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || !isAlive(pid)) fs.rmSync(path.join(BUILDS_ROOT, name), { recursive: true, force: true });
  }
  const dir = path.join(BUILDS_ROOT, `${process.pid}-${Date.now()}`);
  fs.mkdirSync(dir);
  return dir;
}

// "# pass 12" and the like, from the TAP report node --test wrote.
function countsOf(tapFile) {
  const counts = { pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0 };
  let text = '';
  try { text = fs.readFileSync(tapFile, 'utf8'); } catch (err) { if (err.code !== 'ENOENT') throw err; }
  for (const m of text.matchAll(/^# (pass|fail|skipped|todo|cancelled) (\d+)$/gm)) counts[m[1]] = Number(m[2]);
  return counts;
}

const prepared = new Set();
function prepare(need) {
  if (prepared.has(need)) return true;
  prepared.add(need);
  if (need === 'compiled') {
    // Compiled variants run their build output (examples/build/, not in git).
    console.error('Compiling the compiled variants (npm run compile)...');
    const r = spawnSync(process.execPath, [path.join(__dirname, 'compile.js')], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('npm run compile failed (see above); fix the source it names, then run the tests again.');
      return false;
    }
  } else if (need === 'site') {
    console.error('Building the site once for the tier\'s tests (npm run build)...');
    try {
      buildSite();
    } catch (err) {
      console.error(err.message);
      return false;
    }
  }
  return true;
}

// What a tier's files left in the temporary folder it ran with: a test file
// removes what it makes (t.after), so that npm test leaves the system's
// temporary folder as it found it.
// Chromium's own scratch files (.org.chromium.Chromium.*) are not a test's:
// the browser makes them in TMPDIR and leaves one when a process of it is
// ended from outside; the tier's folder goes with them.
const NOT_A_TESTS = /^\.org\.chromium\.Chromium\./;
function leftovers(tmp) {
  const names = fs.readdirSync(tmp).filter((name) => !NOT_A_TESTS.test(name));
  fs.rmSync(tmp, { recursive: true, force: true });
  return names;
}

function runTier(tier, passThrough, env, reportDir) {
  const files = testFiles(dirOf(tier)).map((f) => path.relative(ROOT, f));
  const started = Date.now();
  const tap = path.join(reportDir, `${tier.name}.tap`);
  if (files.length === 0) return { tier, files: 0, counts: countsOf(tap), status: 0, seconds: 0, note: 'no test files' };
  for (const need of tier.needs) {
    if (!prepare(need)) return { tier, files: files.length, counts: countsOf(tap), status: 1, seconds: (Date.now() - started) / 1000, note: `could not prepare ${need}` };
  }
  console.error(`\n== ${tier.name} tier: ${files.length} files, ${tier.concurrency} at a time ==`);
  const args = [
    ...(tier.preload ? ['--require', tier.preload] : []),
    '--test', `--test-concurrency=${tier.concurrency}`,
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`,
    ...passThrough, ...files,
  ];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `asyncbench-tier-${tier.name}-`));
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, TMPDIR: tmp, ASYNCBENCH_TEST_TIER: tier.name, ...(prepared.has('site') ? { ASYNCBENCH_SITE_BUILT: '1' } : {}) },
  });
  const left = leftovers(tmp);
  const result = { tier, files: files.length, counts: countsOf(tap), status: r.status === null ? 1 : r.status, seconds: (Date.now() - started) / 1000 };
  if (left.length) {
    console.error(`\n${tier.name} tier: its test files left ${left.length} entries in the temporary folder: ${left.slice(0, 10).join(', ')}`
      + `${left.length > 10 ? ', ...' : ''}. A test removes what it makes (t.after); the name says which test made it.`);
    return { ...result, status: result.status || 1, note: `${left.length} left in the temporary folder` };
  }
  return result;
}

function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(HELP);
    return 0;
  }
  const { tiers, passThrough } = parseArgs(argv);
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-tests-'));
  const builds = buildsFolder();
  const env = { ...process.env, ASYNCBENCH_TEST_BUILDS: builds };
  const results = [];
  try {
    for (const tier of tiers) results.push(runTier(tier, passThrough, env, reportDir));
  } finally {
    fs.rmSync(builds, { recursive: true, force: true });
    fs.rmSync(reportDir, { recursive: true, force: true });
  }
  console.log('');
  let passed = 0;
  let failed = 0;
  for (const { tier, files, counts, status, seconds, note } of results) {
    // A file that crashed before its tests ran reports no failing test: the
    // tier still failed, and counts as one failure.
    const fails = counts.fail + counts.cancelled + (status !== 0 && counts.fail + counts.cancelled === 0 ? 1 : 0);
    passed += counts.pass;
    failed += fails;
    const extra = [counts.skipped && `${counts.skipped} skipped`, counts.todo && `${counts.todo} todo`, note].filter(Boolean);
    console.log(`tier ${tier.name.padEnd(8)} ${status === 0 ? 'ok  ' : 'FAIL'} ${String(counts.pass).padStart(5)} passed, ${fails} failed`
      + `${extra.length ? `, ${extra.join(', ')}` : ''} (${files} files, ${Math.round(seconds)} s)`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  return results.every((r) => r.status === 0) ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (err) {
  reportFailure('run-tests', err);
}
