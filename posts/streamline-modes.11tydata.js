// The post stays a draft (out of the published site, see _config/collections.js)
// until data/streamline-modes.json exists: the quiet-machine run that commits it
// publishes the post with the next build, with no edit here.
const fs = require('node:fs');
const path = require('node:path');
const { defaultDataDir } = require('../site/lib/data-files');

module.exports = () => ({ draft: !fs.existsSync(path.join(defaultDataDir(), 'streamline-modes.json')) });
