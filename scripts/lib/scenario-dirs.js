// Where scenarios live. A scenario is a folder named after it: the built-in
// ones are the folders of scripts/harness/scenarios/, and
// ASYNCBENCH_SCENARIO_DIRS (path-delimited) adds the scenario folders of
// other folders, for trying a scenario out and for the tests' fixture
// scenario (test/fixtures/scenarios/).
//
// A scenario folder holds its descriptor.js and its child.js, which the
// harness reads (scripts/harness/scenarios/index.js, locate.js). A built-in
// scenario keeps its data file's JSON Schema in data/schema/ and its site
// model in site/models/, under its data file's name, because the site never
// loads scripts/harness/. An added folder is not inside any layer, so it may
// hold the whole scenario: schema.json beside its descriptor is the schema of
// data/<name>.json (scripts/lib/schemas.js), model.js its site model
// (site/models/index.js). So the harness, the schema registry and the site
// all find an added scenario through this module, and none keeps a list.
//
// ES5: the child runner, which runs on Node 0.11, finds child modules here.
'use strict';
var fs = require('fs');
var path = require('path');

var DIRS_ENV = 'ASYNCBENCH_SCENARIO_DIRS';
var NAME = /^[a-z0-9-]+$/;
// The two files that make a folder a scenario's.
var DESCRIPTOR = 'descriptor.js';
var CHILD = 'child.js';

// The folders ASYNCBENCH_SCENARIO_DIRS names, absolute, in its order.
function addedDirs(env) {
  return String((env || process.env)[DIRS_ENV] || '').split(path.delimiter)
    .filter(function (d) { return d; })
    .map(function (d) { return path.resolve(d); });
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch (e) {
    return false;
  }
}

// The scenario folders of `dir`, by name: each subfolder that holds a
// descriptor.js or a child.js (index.js refuses one that holds only one of
// them). Anything else in `dir` (shared modules, a fixture's variants) is
// not a scenario.
function scenarioFolders(dir) {
  var out = [];
  var names = fs.readdirSync(dir).sort();
  for (var i = 0; i < names.length; i++) {
    var folder = path.join(dir, names[i]);
    if (isFile(path.join(folder, DESCRIPTOR)) || isFile(path.join(folder, CHILD))) out.push({ name: names[i], dir: folder });
  }
  return out;
}

// The scenario folders of every added folder, in ASYNCBENCH_SCENARIO_DIRS's
// order, then by name.
function addedScenarios(env) {
  var out = [];
  var dirs = addedDirs(env);
  for (var i = 0; i < dirs.length; i++) out = out.concat(scenarioFolders(dirs[i]));
  return out;
}

// `base` (schema.json, model.js) of each added scenario that has one:
// [{ name, file }].
function addedScenarioFiles(base, env) {
  return addedScenarios(env)
    .map(function (s) { return { name: s.name, file: path.join(s.dir, base) }; })
    .filter(function (f) { return isFile(f.file); });
}

module.exports = { DIRS_ENV: DIRS_ENV, NAME: NAME, DESCRIPTOR: DESCRIPTOR, CHILD: CHILD,
  addedDirs: addedDirs, scenarioFolders: scenarioFolders, addedScenarios: addedScenarios, addedScenarioFiles: addedScenarioFiles };
