'use strict';
// _config/extra-posts.js: test-only posts join a build only when
// ASYNCBENCH_EXTRA_POSTS names their folder, and a bad folder or a name
// that would hide a real post stops the build with what to do.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const extraPosts = require('../../_config/extra-posts');
const { FIXTURE_POSTS } = require('../helpers/site-check');

function run(dir) {
  const added = [];
  const saved = process.env.ASYNCBENCH_EXTRA_POSTS;
  if (dir === undefined) delete process.env.ASYNCBENCH_EXTRA_POSTS;
  else process.env.ASYNCBENCH_EXTRA_POSTS = dir;
  try {
    extraPosts({ addTemplate: (p, content) => added.push([p, content]) });
  } finally {
    if (saved === undefined) delete process.env.ASYNCBENCH_EXTRA_POSTS;
    else process.env.ASYNCBENCH_EXTRA_POSTS = saved;
  }
  return added;
}

test('unset, no post is added: the production build never reads test/', () => {
  assert.deepEqual(run(undefined), []);
});

test('set, each .md file in the folder becomes a post under posts/', () => {
  const added = run(FIXTURE_POSTS);
  assert.deepEqual(added.map(([p]) => p).sort(), ['posts/site-check.md', 'posts/unpublished-notes.md']);
  assert.match(added.find(([p]) => p === 'posts/site-check.md')[1], /^---\ntitle: "Site check/);
});

test('a missing folder or a fixture named like a real post stops the build', (t) => {
  assert.throws(() => run('test/fixtures/no-such-folder'), /ASYNCBENCH_EXTRA_POSTS=test\/fixtures\/no-such-folder: cannot read the folder \(ENOENT\)/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-extra-posts-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'results.md'), '---\ntitle: x\n---\n');
  assert.throws(() => run(dir), /results\.md has the same name as posts\/results\.md; rename the fixture/);
});
