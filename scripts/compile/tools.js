// Where each compiler's package lives and which version is installed, so a
// manifest entry that asks for another version fails before anything runs.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const { ROOT } = require('../lib/paths');

function packageDir(name) {
  return path.join(ROOT, 'node_modules', name);
}

function installedVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')).version;
  } catch (err) {
    return null;
  }
}

module.exports = { packageDir, installedVersion };
