// Runs an existing variant file unchanged on another version of its library,
// installed side by side under an npm alias (package.json: "q-0.9":
// "npm:q@0.9.7"). A variant entry whose code is the same on both versions is
// a two-line file (promises-q-0-9.js): it passes the aliases, { q: 'q-0.9' },
// and a function that requires the shared file, to this function.
//
// While `load` runs, every bare require of an aliased name (`require('q')`, in
// the variant and in its adapter) resolves to the alias instead. The variant
// and its adapter are loaded as fresh module instances, so a process that has
// already loaded them on today's version (the conformance test loads every
// entry) keeps both copies apart; the fakes stay shared, since they hold the
// world the caller inspects. Both only matter while loading: adapters are
// built once at load, so the redirect is removed afterwards.
//
// Not a layer at run time: nothing of this file is on the stack when the
// variant calls its library or the fakes. ES5, since it runs on Node 0.11.
'use strict';
var Module = require('module');
var path = require('path');

var FAKES = path.join(__dirname, 'fakes.js');
var EXAMPLES = path.join(__dirname, '..') + path.sep;

function ours(file) {
  return file.indexOf(EXAMPLES) === 0 && file.indexOf(path.sep + 'node_modules' + path.sep) < 0 &&
    file !== FAKES && file !== __filename;
}

module.exports = function withLibraries(aliases, load) {
  var names = Object.keys(aliases);
  names.forEach(function (name) {
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(aliases[name])) {
      throw new Error('lib/library-set.js: alias for ' + name + ' must be an npm package name, got ' +
        JSON.stringify(aliases[name]) + '; list it in package.json as "' + name + '-X": "npm:' + name + '@VERSION"');
    }
  });
  // The request itself is renamed, before Node looks at any cache: Node
  // remembers how a request from a folder resolved, so rewriting only the
  // resolved file name would miss a name already required from that folder.
  var moduleLoad = Module._load;
  Module._load = function (request) {
    var top = String(request).split('/')[0];
    if (Object.prototype.hasOwnProperty.call(aliases, top)) {
      var args = Array.prototype.slice.call(arguments);
      args[0] = aliases[top] + String(request).slice(top.length);
      return moduleLoad.apply(this, args);
    }
    return moduleLoad.apply(this, arguments);
  };
  // Set aside our files already loaded, so the variant and its adapter load
  // again; put them back afterwards, so later requires get today's copies.
  var cache = require.cache;
  var saved = {};
  Object.keys(cache).forEach(function (file) {
    if (ours(file)) { saved[file] = cache[file]; delete cache[file]; }
  });
  try {
    return load();
  } finally {
    Module._load = moduleLoad;
    Object.keys(cache).forEach(function (file) {
      if (ours(file)) delete cache[file];
    });
    Object.keys(saved).forEach(function (file) { cache[file] = saved[file]; });
  }
};
