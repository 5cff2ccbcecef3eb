'use strict';
// The Promises/A+ post ends its findings with a conclusion (issue 43): a
// section in the author's voice, before the variants' code, saying what the
// chains data show, every number in it from a shortcode, none typed.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const POST = path.join(__dirname, '..', '..', 'posts', 'promises-aplus-chains.md');

// "## Heading" -> its body, in the order the post has them.
function sections(text) {
  const out = [];
  for (const part of text.split(/^## /m).slice(1)) {
    const [heading, ...body] = part.split('\n');
    out.push({ heading: heading.trim(), body: body.join('\n') });
  }
  return out;
}

test('the chains post has a conclusion before its variants, in a person\'s voice, its numbers from the data', () => {
  const all = sections(fs.readFileSync(POST, 'utf8'));
  const variants = all.findIndex((s) => s.heading === 'The variants');
  assert.ok(variants > 0, 'the post lists its variants under "The variants"');
  const last = all[variants - 1];
  // Not a description of a figure: it draws no chart or table of its own.
  assert.doesNotMatch(last.body, /\{%\s*(chart|dataTable)\b/, `"${last.heading}" draws figures: it is not the conclusion`);
  assert.match(last.body, /\bI\b/, `"${last.heading}" is not in the author's voice`);
  const shortcodes = last.body.match(/\{%\s*chains\b[\s\S]*?%\}/g) || [];
  assert.ok(shortcodes.length >= 4, `"${last.heading}" states ${shortcodes.length} figures from the data`);
  // A library's or a runtime's version is part of its name ("Q 0.9", "Node.js 0.11"), not a figure.
  const prose = last.body.replace(/\{%[\s\S]*?%\}/g, ' ').replace(/`[^`]*`/g, ' ').replace(/\b(?:Q|Node\.js|when\.js|Bluebird) \d+(?:\.\d+)*/g, ' ');
  assert.doesNotMatch(prose, /\d/, `"${last.heading}" types a number instead of reading it from the data`);
  assert.ok(prose.split(/\s+/).filter(Boolean).length >= 120, 'a conclusion, not a line');
});
