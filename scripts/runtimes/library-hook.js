// Makes bare require('pkg') calls resolve from a library set first:
//   require('.../scripts/runtimes/library-hook.js')(dir/node_modules)
// (or ASYNCBENCH_LIBS=dir/node_modules and require it with no argument).
// Anything the set does not hold falls through to the normal lookup. With
// `only` (an array of package names), just those come from the set: the
// fibers tree also holds a streamline 0.6.0 that must not replace the
// repository's own. ES5, because it runs inside the child on Node 0.11 as
// well as on Bun and Deno.
'use strict';
var Module = require('module');
var fs = require('fs');
var path = require('path');

module.exports = function useLibraries(nodeModules, only) {
  var dir = nodeModules || process.env.ASYNCBENCH_LIBS;
  if (!dir) return false;
  // Whether the set holds a package, asked once per name: both hooks below
  // ask for every bare request.
  var held = Object.create(null);
  function holds(top) {
    if (!(top in held)) held[top] = (!only || only.indexOf(top) >= 0) && fs.existsSync(path.join(dir, top));
    return held[top];
  }
  // The set's copy of a bare request, or null when the set does not take it.
  function fromSet(request) {
    if (!/^[^./]/.test(request) || path.isAbsolute(request)) return null;
    var top = request.split('/').slice(0, request.charAt(0) === '@' ? 2 : 1).join('/');
    return holds(top) ? path.join(dir, request) : null;
  }
  var original = Module._resolveFilename;
  Module._resolveFilename = function (request, parent) {
    var redirected = fromSet(request);
    if (redirected) {
      var args = Array.prototype.slice.call(arguments);
      args[0] = redirected;
      return original.apply(this, args);
    }
    return original.apply(this, arguments);
  };
  // streamline looks its runtime's fibers up with Module._findPath itself
  // (streamline/lib/util/require.js), not through require: without this it
  // finds the repository's own fibers, an optional dependency whose install
  // script npm ci does not run, so it has no binary.
  var originalFind = Module._findPath;
  Module._findPath = function (request) {
    var redirected = fromSet(request);
    if (redirected) {
      var args = Array.prototype.slice.call(arguments);
      args[0] = redirected;
      args[1] = [''];
      return originalFind.apply(this, args);
    }
    return originalFind.apply(this, arguments);
  };
  return true;
};
