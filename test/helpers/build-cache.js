'use strict';
// For the build cache's tests: the entry files a cache holds, and an entry
// rewritten to hold another value under a valid checksum (what a build
// returns next then says whether it used the entry).
const fs = require('node:fs');
const path = require('node:path');
const { entryText } = require('../../scripts/lib/build-cache');

const entryFiles = (cache) => (fs.existsSync(cache.dir) ? fs.readdirSync(cache.dir).map((f) => path.join(cache.dir, f)) : []);

function plantValue(file, value) {
  const [head] = fs.readFileSync(file, 'utf8').split('\n', 1);
  fs.writeFileSync(file, entryText(JSON.parse(head), value));
}

module.exports = { entryFiles, plantValue };
