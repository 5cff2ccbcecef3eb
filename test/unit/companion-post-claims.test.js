'use strict';
// The main article and the three companion posts state no ordering, tie, trend, superlative or
// cause the build does not check (issue 43, item 2): every sentence of their
// running prose that ranks ("faster", "ahead", "tied", "the most") or gives a
// reason ("because") sits inside a {% claim %}, which site/prose/claims.js
// checks against the post's data under the one rule, or it is rewritten as a
// plain description. Read from the markdown, as written.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const POSTS = ['analysis-async-patterns-2013-and-now', 'generator-delegation', 'streamline-modes', 'promises-aplus-chains']
  .map((slug) => path.join(__dirname, '..', '..', 'posts', `${slug}.md`));

// Words that rank or explain. "the same" alone is everywhere ("the same
// program"), so only its comparative forms count.
const RANKS = /\b(faster|slower|fastest|slowest|quickest|ahead|(fell|falls?|lag\w*) behind|tied|ties|beats?|beaten|trail(s|ed)?|outperform\w*|cheapest|costliest|wins?|won|leads?|the most|the least|no more than|no slower|as fast as|took the same|the same time|because|the choice was real)\b/i;
// Not a finding: a question the post sets out to answer, and the statement of
// the rule itself.
const ASKS = /\?$/;
const THE_RULE = new RegExp([
  'ranked only when their 95 % intervals are apart', // the posts
  '^\\*\\*One rule decides every ranking on this site\\*\\*', '^Overlapping, they are tied and not ranked', // the article's Methodology
  '^Every sentence here that ranks, ties or calls a style the cheapest is checked',
  '^A style \\*\\*agrees\\*\\* when', // the 2013 reproduction's verdicts, defined
].join('|'));

// The text outside every {% claim %}…{% endclaim %} (claims nest), with
// front matter, fenced code, the draft notice and other shortcodes left out.
function outsideClaims(markdown) {
  const text = markdown.replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\{%\s*if draft\s*%\}[\s\S]*?\{%\s*endif\s*%\}/g, ' ');
  let out = '', depth = 0, at = 0;
  for (const m of text.matchAll(/\{%-?\s*(claim|endclaim)\b[\s\S]*?%\}/g)) {
    if (depth === 0) out += text.slice(at, m.index);
    depth += m[1] === 'claim' ? 1 : -1;
    if (depth < 0) throw new Error('an {% endclaim %} without its {% claim %}');
    if (depth === 0) out += '\n\n';
    at = m.index + m[0].length;
  }
  assert.equal(depth, 0, 'a {% claim %} left open');
  return (out + text.slice(at)).replace(/\{%[\s\S]*?%\}/g, 'N');
}

const sentences = (text) => text.split(/\n\s*\n|(?<=[.!?:;])\s+(?=[A-Z`])/).map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);

test('every sentence of the article and the companion posts that ranks or gives a cause is a checked claim', () => {
  for (const file of POSTS) {
    const loose = sentences(outsideClaims(fs.readFileSync(file, 'utf8'))).filter((s) => !/^#/.test(s) && RANKS.test(s) && !ASKS.test(s) && !THE_RULE.test(s));
    assert.deepEqual(loose, [], `${path.basename(file)}: sentences that rank or explain outside a {% claim %}`);
  }
});

test('the scan finds a ranking sentence outside a claim, and none inside one', () => {
  const md = 'Suspend is faster here. {% claim "ahead", a="x", b="y" %}Suspend is {% claim "tied" %}faster{% endclaim %}.{% endclaim %} Both ran.';
  assert.deepEqual(sentences(outsideClaims(md)).filter((s) => RANKS.test(s)), ['Suspend is faster here.']);
  assert.throws(() => outsideClaims('{% claim "ahead" %}open'), /left open/);
});
