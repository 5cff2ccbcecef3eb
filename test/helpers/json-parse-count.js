'use strict';
// Preloaded (NODE_OPTIONS=--require) into a build to count how often each
// JSON text is parsed: on exit it writes { sha1 of text: times parsed } to
// the file named by JSON_PARSE_COUNT_FILE (sha1 of the trimmed text). Only texts of 10 kB or more are
// counted, so small config and package.json reads stay out of the way.
const crypto = require('node:crypto');
const fs = require('node:fs');

const out = process.env.JSON_PARSE_COUNT_FILE;
if (out) {
  const counts = {};
  const parse = JSON.parse;
  JSON.parse = function countedParse(text, ...rest) {
    // Keyed by the trimmed text: Eleventy hands over the file without its
    // final newline, the loader reads it whole.
    const s = typeof text === 'string' ? text.trim() : text;
    if (typeof s === 'string' && s.length >= 10000) {
      const key = crypto.createHash('sha1').update(s).digest('hex');
      counts[key] = (counts[key] || 0) + 1;
    }
    return parse.call(this, text, ...rest);
  };
  process.on('exit', () => fs.writeFileSync(out, JSON.stringify(counts)));
}
