// Where a scenario's files live: NAME.js (its descriptor, read by the
// harness through index.js) and NAME.child.js (its part of the child runner,
// which child.js loads by name), in this folder or in a folder listed in
// ASYNCBENCH_SCENARIO_DIRS (path-delimited; for tests and for trying a
// scenario out before it joins index.js). ES5, because child.js uses it on
// Node 0.11; index.js uses it too, so both sides find the same files.
'use strict';
var fs = require('fs');
var path = require('path');

var DIRS_ENV = 'ASYNCBENCH_SCENARIO_DIRS';
var NAME = /^[a-z0-9-]+$/;

function extraDirs(env) {
  return String((env || process.env)[DIRS_ENV] || '').split(path.delimiter)
    .filter(function (d) { return d; })
    .map(function (d) { return path.resolve(d); });
}

// The child module of scenario `name`, or null when there is none.
function childFile(name, env) {
  if (!NAME.test(String(name))) return null;
  var dirs = [__dirname].concat(extraDirs(env));
  for (var i = 0; i < dirs.length; i++) {
    var file = path.join(dirs[i], name + '.child.js');
    if (fs.existsSync(file)) return file;
  }
  return null;
}

module.exports = { childFile: childFile, extraDirs: extraDirs, DIRS_ENV: DIRS_ENV, NAME: NAME };
