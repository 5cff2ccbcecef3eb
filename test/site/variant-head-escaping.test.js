'use strict';
// A variant page's <title>, meta description and og:* are the manifest's
// text escaped exactly once (issue 38): front matter computed them through
// Nunjucks, which escaped them, and the layout escaped them again, so tabs
// and link previews read "caolan&#39;s async library". Read from the real
// build in _site/.
const test = require('node:test');
const assert = require('node:assert/strict');
const { readSite } = require('../../scripts/site-tools/site');
const { loadManifest } = require('../../scripts/lib/manifest');
const { visibleText: decoded } = require('../helpers/drafts-site');
const { codeAsText } = require('../../site/format');

const { variants } = loadManifest();
// An entity whose "&" was escaped again: &amp;#39; &amp;amp; &amp;quot; ...
const TWICE = /&amp;(?:#\d+|#x[0-9a-f]+|[a-z]+);/i;

// The head's texts as written in the HTML: title, description, og:*.
function headTexts(html) {
  const head = html.slice(0, html.indexOf('</head>'));
  const out = { title: (/<title>([^<]*)<\/title>/.exec(head) || [])[1] };
  for (const m of head.matchAll(/<meta (?:name|property)="(description|og:[a-z_]+)" content="([^"]*)">/g)) out[m[1]] = m[2];
  return out;
}

test('some variant has an apostrophe or ampersand in its title or description, so the check below can fail', () => {
  assert.ok(variants.some((v) => /['&]/.test(v.title + v.description)));
});

test('every variant page: title, description and og:* escaped once, and they read as the manifest writes them', () => {
  for (const v of variants) {
    const raw = headTexts(readSite(`variants/${v.id}/index.html`));
    for (const [name, text] of Object.entries(raw)) {
      assert.equal(typeof text, 'string', `variants/${v.id}/: no ${name}`);
      assert.doesNotMatch(text, TWICE, `variants/${v.id}/: ${name} is escaped twice: ${text}`);
    }
    const title = `${v.title}: the upload in this style`;
    const site = decoded(raw['og:site_name']);
    assert.equal(decoded(raw.title), `${title} · ${site}`, `variants/${v.id}/ <title>`);
    assert.equal(decoded(raw['og:title']), title, `variants/${v.id}/ og:title`);
    // Plain text: a code span's words without its backticks (issue 43).
    assert.equal(decoded(raw.description), codeAsText(v.description), `variants/${v.id}/ meta description`);
    assert.equal(decoded(raw['og:description']), codeAsText(v.description), `variants/${v.id}/ og:description`);
    assert.doesNotMatch(decoded(raw.description), /`/, `variants/${v.id}/ meta description`);
  }
});
