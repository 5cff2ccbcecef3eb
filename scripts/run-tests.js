'use strict';
// `npm test`: build the site once, then run every *.test.js under test/ with
// node --test. We collect the files ourselves because Node 20's `node --test
// test/` treats *every* .js file under a test/ directory as a test file, which
// would execute helpers and fixtures too, and it does not expand globs.
// Extra arguments pass through to node --test (e.g. --test-name-pattern).

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { buildSite } = require('../test/helpers/site');

const ROOT = path.join(__dirname, '..');
const SKIP = new Set(['node_modules', 'fixtures', 'artifacts']);

function findTests(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findTests(full));
    else if (/\.test\.[cm]?js$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

const files = findTests(path.join(ROOT, 'test')).map((f) => path.relative(ROOT, f));
if (files.length === 0) {
  console.error('No test files (*.test.js) found under test/.');
  process.exit(1);
}

// Compiled variants run their build output (examples/build/, not in git).
console.error('Compiling the compiled variants (npm run compile)...');
const compiled = spawnSync(process.execPath, [path.join(__dirname, 'compile.js')], { cwd: ROOT, stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('npm run compile failed (see above); fix the source it names, then run the tests again.');
  process.exit(1);
}

console.error('Building the site once for all tests...');
buildSite();

const r = spawnSync(process.execPath, ['--test', ...process.argv.slice(2), ...files], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, ASYNCBENCH_SITE_BUILT: '1' },
});
process.exit(r.status === null ? 1 : r.status);
