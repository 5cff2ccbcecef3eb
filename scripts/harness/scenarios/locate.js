// Where the scenarios are, for both sides of the harness: index.js reads
// each one's NAME/descriptor.js, and child.js loads NAME/child.js by the
// name it is given. The built-in scenarios are the folders beside this file;
// ASYNCBENCH_SCENARIO_DIRS adds the scenario folders of other folders
// (scripts/lib/scenario-dirs.js). ES5, because child.js uses it on Node 0.11.
'use strict';
var fs = require('fs');
var path = require('path');
var dirs = require('../../lib/scenario-dirs');

// Every scenario folder, { name, dir, builtIn }: the built-in ones, then the
// added ones.
function folders(env) {
  var mark = function (builtIn) { return function (f) { return { name: f.name, dir: f.dir, builtIn: builtIn }; }; };
  return dirs.scenarioFolders(__dirname).map(mark(true)).concat(dirs.addedScenarios(env).map(mark(false)));
}

// The child module of scenario `name`, or null when there is none.
function childFile(name, env) {
  if (!dirs.NAME.test(String(name))) return null;
  var roots = [__dirname].concat(dirs.addedDirs(env));
  for (var i = 0; i < roots.length; i++) {
    var file = path.join(roots[i], name, dirs.CHILD);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

module.exports = { folders: folders, childFile: childFile, DIRS_ENV: dirs.DIRS_ENV, NAME: dirs.NAME, DESCRIPTOR: dirs.DESCRIPTOR, CHILD: dirs.CHILD };
