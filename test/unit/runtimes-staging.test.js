'use strict';
// The cache's folders are built aside and renamed into place. A finished
// folder that no longer holds what the build makes (a library set whose
// versions changed in profiles.json) must be replaced, not kept.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildAtomically } = require('../../scripts/runtimes/staging');

function tempParent(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-staging-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function finished(dir, packages) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'install.json'), JSON.stringify({ packages }));
}

const holds = (packages) => (dir) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'install.json'), 'utf8')).packages.join() === packages.join();
  } catch {
    return false;
  }
};

test('a finished folder that is not current is replaced by the new build', (t) => {
  const dir = path.join(tempParent(t), 'es5');
  finished(dir, ['q@1.5.1']);
  const wanted = ['q@1.5.1', 'thunkify@2.1.2'];
  buildAtomically(dir, (stage) => finished(stage, wanted), holds(wanted));
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'install.json'), 'utf8')).packages, wanted);
  assert.deepEqual(fs.readdirSync(path.dirname(dir)), ['es5'], 'no staging folder left behind');
});

test('a finished folder that is current is kept (another process built it meanwhile)', (t) => {
  const dir = path.join(tempParent(t), 'es5');
  finished(dir, ['q@1.5.1']);
  fs.writeFileSync(path.join(dir, 'theirs'), '');
  buildAtomically(dir, (stage) => finished(stage, ['q@1.5.1']), holds(['q@1.5.1']));
  assert.ok(fs.existsSync(path.join(dir, 'theirs')));
});
