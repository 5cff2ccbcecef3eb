// Runs one variant once in a fresh process for scripts/debuggability.js and
// prints exactly one JSON line on stdout. A fresh process per run because a
// long-stack switch, once on, cannot be trusted to switch off, and an escaped
// exception must not take other runs down with it.
//
//   node debug-child.js JSON   where JSON is
//   { mode: "probe" | "trace", variant: ABS, variantFiles: [ABS],
//     fakes: ABS, longStack: null|"q"|"bluebird"|"genny", stackLimit: N,
//     fail: {op, how}, exists: bool,
//     promiseForms: bool }                     (trace)
//
// probe: runs a successful upload with recording fakes and reports the line
//        of the variant from which each failure-prone call is made; the
//        traces are then judged against these lines.
// trace: injects the failure and reports the stack of the error that reaches
//        done, escapes as an uncaught exception, or is thrown out of upload().
// The price of a long-stack switch is measured by the benchmark child
// (scripts/harness/child.js --long-stacks), not here.
// ES5 style so that it can later run on the old runtimes of the matrix too.
'use strict';
var fs = require('fs');
// A runtime profile's library set and fibers tree win over the repository's
// node_modules, as in the benchmark child (scripts/harness/child.js).
if (process.env.ASYNCBENCH_LIBS) require('../runtimes/library-hook.js')();
try { require('../runtimes/fibers-hook').useFibersTree(); } catch (e) { /* no fibers tree: the fibers variants are skipped */ }

var args = JSON.parse(process.argv[2]);
var printed = false;

function print(record) {
  if (printed) return;
  printed = true;
  // Synchronous write: some outcomes are printed from an 'exit' handler.
  fs.writeSync(1, JSON.stringify(record) + '\n');
}

Error.stackTraceLimit = args.stackLimit || 50;

var enableLongStacks = require('../lib/long-stacks').enableLongStacks;

// Line of the nearest frame in the variant's file(s) on the current stack.
function callerLine() {
  var stack = String(new Error('probe').stack).split('\n');
  for (var i = 1; i < stack.length; i++) {
    for (var j = 0; j < args.variantFiles.length; j++) {
      var at = stack[i].indexOf(args.variantFiles[j] + ':');
      if (at >= 0) return Number(stack[i].slice(at + args.variantFiles[j].length + 1).split(':')[0]);
    }
  }
  return null;
}

function probe(fakes) {
  var calls = { 'version.createHash': [], 'fileVersion.insert': [], 'file.version': [] };
  function note(key) {
    var line = callerLine();
    if (line !== null && calls[key].indexOf(line) < 0) calls[key].push(line);
  }
  // Patched before the variant (and its wrappers) load, so that wrappers that
  // copy a function at load time copy the recording one.
  var createHash = fakes.Version.createHash;
  fakes.Version.createHash = function () { note('version.createHash'); return createHash.apply(this, arguments); };
  var insert = fakes.FileVersion.insert;
  fakes.FileVersion.insert = function () { note('fileVersion.insert'); return insert.apply(this, arguments); };
  var queryProto = Object.getPrototypeOf(insert({ fileId: 'probe', versionId: 0 }));
  var execWithin = queryProto.execWithin;
  queryProto.execWithin = function () {
    if (this.op === 'fileVersion.insert') note('fileVersion.insert');
    return execWithin.apply(this, arguments);
  };
  var lookupProto = Object.getPrototypeOf(fakes.files.byUuidOrPath('probe'));
  var get = lookupProto.get;
  lookupProto.get = function (callback) {
    return get.call(this, function (err, file) {
      if (file) {
        var version = file.version;
        Object.defineProperty(file, 'version', {
          enumerable: true,
          get: function () { note('file.version'); return version; }
        });
      }
      callback(err, file);
    });
  };
  fakes.reset({});
  var variant = require(args.variant);
  variant.upload({}, fakes.pathFor(1, true), 'probe', function (err) {
    print({ type: 'probe', ok: !err, error: err ? String(err.stack || err) : null, calls: calls });
  });
}

function trace(fakes) {
  function report(outcome, err) {
    print({
      type: 'trace', outcome: outcome,
      message: err ? String(err.message) : null,
      injected: !!(err && err.injected),
      stack: err ? String(err.stack) : null
    });
  }
  process.on('uncaughtException', function (err) { report('uncaught', err); process.exit(0); });
  process.on('unhandledRejection', function (err) { report('unhandled-rejection', err); process.exit(0); });
  process.on('exit', function () { report('never-called', null); });
  fakes.reset({ fail: args.fail });
  // A native-promise adapter gives way to the fakes' own promise-returning
  // methods (fakes.promiseMethods): the rejected-promise failure only.
  if (args.promiseForms) {
    var adapt = fakes.adapt;
    fakes.adapt = function () { return adapt(fakes.promiseMethods()); };
  }
  var variant = require(args.variant);
  try {
    variant.upload({}, fakes.pathFor(1, args.exists), 'trace', function (err) {
      if (err) report('done', err);
      else report('done-ok', null);
    });
  } catch (err) {
    report('threw', err);
  }
}

enableLongStacks(args.longStack);
var fakesModule = require(args.fakes);
if (args.mode === 'probe') probe(fakesModule);
else if (args.mode === 'trace') trace(fakesModule);
else throw new Error('debug-child: unknown mode "' + args.mode + '" (probe, trace)');
