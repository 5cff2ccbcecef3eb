'use strict';
// Post front matter is validated by posts/posts.11tydata.js; an error must
// name the file and every bad key, so the author can fix it in one go.
const test = require('node:test');
const assert = require('node:assert/strict');
const { eleventyDataSchema: validate } = require('../../posts/posts.11tydata.js');

const page = { inputPath: './posts/example.md' };
const good = { page, title: 'T', date: new Date('2026-11-12'), description: 'D' };

test('valid front matter passes, with optional toc, draft and pinned', () => {
  validate(good);
  validate({ ...good, toc: true, draft: false, pinned: true, date: '2026-11-12' });
});

test('errors name the file and the key', () => {
  assert.throws(() => validate({ ...good, title: '' }), /posts\/example\.md: invalid front matter: "title"/);
  assert.throws(() => validate({ ...good, date: undefined }), /posts\/example\.md:.*"date" is required/);
  assert.throws(() => validate({ ...good, toc: 'yes' }), /"toc" must be true or false/);
  assert.throws(() => validate({ ...good, draft: 1 }), /"draft" must be true or false/);
  assert.throws(() => validate({ ...good, pinned: 'yes' }), /posts\/example\.md: invalid front matter: "pinned" must be true or false/);
  assert.throws(() => validate({ page }), /"title".*"description".*"date"/);
});
