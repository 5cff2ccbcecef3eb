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

const EXAMPLES = path.join(ROOT, 'examples');

// Where compiled variants are written (scripts/compile/, not in git): a
// manifest names each one build/<id>.js, and that build/ is examples/build/,
// or the folder ASYNCBENCH_BUILD_DIR names, so that a checkout that cannot be
// written to (a read-only mount, a shared copy) still builds the site and
// runs the benchmark.
const BUILD_PREFIX = 'build';
const BUILD = process.env.ASYNCBENCH_BUILD_DIR ? path.resolve(process.env.ASYNCBENCH_BUILD_DIR) : path.join(EXAMPLES, BUILD_PREFIX);

// The file on disk that a manifest's `file` names (relative to examples/):
// build/<id>.js is in BUILD. examplesDir: a test's own examples folder,
// whose build/ stays inside it.
function exampleFile(file, examplesDir = EXAMPLES) {
  const [first, ...rest] = file.split('/');
  if (first === BUILD_PREFIX && rest.length && path.resolve(examplesDir) === EXAMPLES) return path.join(BUILD, ...rest);
  return path.resolve(examplesDir, file);
}

module.exports = {
  fromPackage,
  exampleFile,
  ROOT,
  BUILD,
  BUILD_PREFIX,
  DATA: path.join(ROOT, 'data'),
  EXAMPLES,
  SITE: path.join(ROOT, '_site'),
};
