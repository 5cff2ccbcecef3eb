// The chains post stays a draft (out of the published site, see
// _config/collections.js) until its data file exists: once the quiet-machine
// run commits data/chains.json, the next build publishes it with no edit.
const fs = require('node:fs');
const path = require('node:path');
const { defaultDataDir } = require('../site/lib/data-files');

module.exports = () => ({ draft: !fs.existsSync(path.join(defaultDataDir(), 'chains.json')) });
