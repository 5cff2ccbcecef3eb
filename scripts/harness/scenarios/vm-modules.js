// A small CommonJS loader into a `vm` context of its own (issue 41, item 2,
// the upload-paired scenario): one loader per context, each with its own
// module registry, so two styles measured alternately in one process share
// no module instance, no module state and no inline cache of their code.
//
// Why not Node's require: it keeps one instance of a file per process
// (require.cache), compiled in the host's realm, so two variants that load
// the same library (or the fakes, or the batch code) would share its objects,
// its closures and the type feedback of its functions, and each would warm the
// other. Here every file a context asks for (the variant, each library it
// requires, the fakes, the batch code) is read and compiled afresh with
// vm.Script in that context: its own Object, Array, Function, Promise and
// other built-in objects, and its own copy of every module.
//
// What is shared with the host, and what that means:
// - Where a request resolves to: Node's own resolver (Module._resolveFilename
//   through createRequire), so a runtime's library set (ASYNCBENCH_LIBS,
//   scripts/runtimes/library-hook.js, installed by the child before this
//   runs) wins here exactly as it does for require.
// - Node's built-in modules (fs, path, util, events, module, ...): the
//   host's instances, returned as they are; they are not JavaScript we can
//   load twice. A variant that uses one (async-await-promisify's
//   util.promisify) gets host-realm functions and, from them, host-realm
//   promises, which its context's code awaits like any thenable.
// - The timers (setTimeout, setImmediate, their clear*), process (nextTick
//   included), console and Buffer: the host's, put on the context's global.
//   Both contexts run on the host's one event loop and one microtask queue,
//   which is what lets two styles alternate in one process at all: the time
//   a timer waits is the same machine's for both.
// - The isolate: one heap and one garbage collector. A style's garbage can be
//   collected during the other's batch; alternating rounds spread that over
//   both.
// Not supported: native addons (.node files, e.g. fibers), and the renaming
// of requests that examples/lib/library-set.js does in Module._load (that
// hook is Node's loader's, not this one's).
//
// ES5 + CommonJS like the child that loads it; it needs vm.createContext and
// module.createRequire (Node >= 12.2), and the scenario runs it on Node >= 20.
'use strict';
var fs = require('fs');
var path = require('path');
var vm = require('vm');
var Module = require('module');

// Thrown for a request this loader cannot serve; code says which kind.
function LoaderError(message, code) {
  var err = new Error(message);
  err.name = 'LoaderError';
  err.code = code;
  return err;
}

var HOST_GLOBALS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate',
  'queueMicrotask', 'process', 'console', 'Buffer'];

function isBuiltin(request) {
  if (typeof Module.isBuiltin === 'function') return Module.isBuiltin(request);
  return Module.builtinModules.indexOf(String(request).replace(/^node:/, '')) >= 0;
}

// A new context and its loader → { context, global, require(file), modules() }.
// name: for stack traces and errors (e.g. 'style', 'callbacks').
function createLoader(name) {
  var sandbox = {};
  HOST_GLOBALS.forEach(function (key) { if (typeof global[key] !== 'undefined') sandbox[key] = global[key]; });
  var context = vm.createContext(sandbox, { name: 'asyncbench ' + name });
  var contextGlobal = vm.runInContext('this', context);
  contextGlobal.global = contextGlobal;
  // Objects made in the context's realm, so a module sees its own Object.
  var newModule = vm.runInContext('(function (id) { return { id: id, filename: id, exports: {}, loaded: false, children: [] }; })', context);
  var parseJson = vm.runInContext('JSON.parse', context);
  var cache = vm.runInContext('({})', context);
  var order = [];

  function load(filename) {
    if (Object.prototype.hasOwnProperty.call(cache, filename)) return cache[filename].exports;
    var ext = path.extname(filename);
    if (ext === '.node') {
      throw LoaderError('vm-modules (' + name + '): ' + filename + ' is a native addon, which cannot be loaded into a vm context; ' +
        'a variant that needs one (fibers) cannot be paired', 'ERR_NATIVE_ADDON');
    }
    var mod = newModule(filename);
    mod.require = requireFrom(filename);
    cache[filename] = mod;
    order.push(filename);
    var source = fs.readFileSync(filename, 'utf8');
    try {
      if (ext === '.json') {
        mod.exports = parseJson(source);
      } else {
        if (source.charAt(0) === '#' && source.charAt(1) === '!') source = '//' + source.slice(2);
        var wrapper = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + source + '\n})',
          { filename: filename }).runInContext(context);
        wrapper.call(mod.exports, mod.exports, mod.require, mod, filename, path.dirname(filename));
      }
    } catch (err) {
      delete cache[filename];
      throw err;
    }
    mod.loaded = true;
    return mod.exports;
  }

  // The require a module at `from` gets: Node's resolution, this context's instances.
  function requireFrom(from) {
    var host = Module.createRequire(from);
    function req(request) {
      if (isBuiltin(request)) return host(request);
      return load(host.resolve(request));
    }
    req.resolve = function (request) { return isBuiltin(request) ? request : host.resolve(request); };
    req.cache = cache;
    return req;
  }

  return {
    name: name,
    context: context,
    global: contextGlobal,
    // file: an absolute path (or one relative to the working directory).
    require: function (file) { return load(Module.createRequire(path.resolve(file)).resolve(path.resolve(file))); },
    // The files this context has loaded, in the order it first asked for them.
    modules: function () { return order.slice(); },
    // The module record of a loaded file ({ exports, ... }), or null.
    moduleOf: function (file) { return Object.prototype.hasOwnProperty.call(cache, file) ? cache[file] : null; }
  };
}

module.exports = { createLoader: createLoader, HOST_GLOBALS: HOST_GLOBALS };
