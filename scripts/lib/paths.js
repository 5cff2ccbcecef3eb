// Where things are in the repository, computed once from this file's place
// (scripts/lib/), so no module counts '..' to find the root itself.
'use strict';
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

// A library's file named from its package ("when/node.js"), whatever the
// checkout's path to node_modules: a message names the same file on every
// machine, and one measured from a worktree whose node_modules is a link
// elsewhere ("../main/node_modules/when/node.js") reads like any other.
const fromPackage = (text) => String(text).replace(/(?:[^\s:'"]*\/)?node_modules\//g, '');

module.exports = {
  fromPackage,
  ROOT,
  DATA: path.join(ROOT, 'data'),
  EXAMPLES: path.join(ROOT, 'examples'),
  SITE: path.join(ROOT, '_site'),
};
