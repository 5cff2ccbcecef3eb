// Fake storage layer for the upload benchmark: a blob store, a database with
// transactions and queries, and a uuid source, all on fake asynchronous I/O.
//
// Every variant requires this module and gets the same objects; `reset()` swaps
// the "world" behind them (delay policy, injected failures, log), so variants can
// capture the objects at load time, as real code captures its models.
//
// The asynchronous operations are prototype methods (Blob#put,
// Transaction#commit, Query#execWithin, Lookup#get) plus files.createQuery, so
// a promise, thunk or observable library can adapt each of them once, at load
// time, the way a project adapts its database driver: `adapt()` below.
//
// Written in ES5 CommonJS on purpose: the runtime matrix loads this file
// unchanged on Node 0.11 (2013) as well as on today's runtimes.
'use strict';

var schedule = typeof setImmediate === 'function'
  ? function (fn, ms) { if (ms > 0) setTimeout(fn, ms); else setImmediate(fn); }
  : function (fn, ms) { setTimeout(fn, ms); };

// Operations that complete asynchronously, in the order the reference upload
// performs them. The conformance tests inject a failure at each in turn.
var ASYNC_OPS = [
  'blob.put', 'file.get', 'version.insert', 'file.createQuery', 'file.insert',
  'fileVersion.insert', 'file.update', 'tx.commit'
];
// Synchronous helpers; a failure here can only be a throw.
var SYNC_OPS = ['blobManager.create', 'db.begin', 'version.createHash', 'uuid.v1'];

var delays = {
  // Every operation takes t ms (t = 0: next turn of the event loop).
  fixed: function (t) {
    return function () { return t; };
  },
  // Every operation takes dt ms per operation already in flight, a device that
  // slows down as load grows.
  load: function (dt) {
    return function (inFlight) { return inFlight * dt; };
  }
};

// Small deterministic PRNG (Park–Miller), exact in doubles, so seeded error
// runs are reproducible on every runtime without Math.imul.
function seededRandom(seed) {
  var state = (Math.abs(Math.floor(seed)) % 2147483646) + 1;
  return function () {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

// FNV-1a over a string, as hex: stable ids and hashes without crypto, which old
// runtimes and the browser-free fakes do not need.
function hash(text) {
  var h = 0x811c9dc5;
  for (var i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = (h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)) >>> 0;
  }
  return ('0000000' + h.toString(16)).slice(-8);
}

// Half of all paths exist, chosen by the path itself so that every run and
// every variant sees the same files.
function fileExists(idOrPath) {
  return parseInt(hash(String(idOrPath)).slice(-1), 16) % 2 === 0;
}

// A path with a known branch, for tests and the harness: `i`-th path that
// exists (or does not).
function pathFor(i, exists) {
  for (var k = 0; ; k++) {
    var p = '/docs/report-' + i + '-' + k + '.txt';
    if (fileExists(p) === !!exists) return p;
  }
}

function InjectedError(op, how) {
  var err = new Error('injected failure at ' + op +
    (how === 'throw' ? ' (thrown)' : how === 'reject' ? ' (rejected)' : ''));
  err.op = op;
  err.injected = true;
  if (how === 'reject') err.how = how;
  return err;
}

var world;

function defaultOptions() {
  return { delay: delays.fixed(0), fail: null, errorRate: 0, seed: 1, log: false, onUncaught: null, onOperation: null };
}

// Starts a new world. options:
//   delay      function (inFlight) -> ms, or a number of ms (default 0)
//   fail       { op: NAME, how: 'callback' | 'throw' | 'poison' | 'reject', error: Error? }
//              always fail that operation ('poison' on file.get returns a file
//              whose fields throw when the variant's own code reads them;
//              'reject', for the debuggability analysis only: a node-style
//              caller gets the error as with 'callback', and promiseMethods()
//              below rejects with an error made after the delay)
//   errorRate  probability that any asynchronous operation fails (default 0)
//   seed       seed for errorRate (default 1)
//   log        keep the operation log (default false: counters only)
//   onUncaught function (err): receives exceptions thrown out of callbacks
//              instead of letting them crash the process (tests only)
//   onOperation function (op): called as each asynchronous operation is
//              called, on the caller's stack, so a test can see which code
//              calls the fakes (tests only)
function reset(options) {
  var o = defaultOptions();
  for (var k in options) if (Object.prototype.hasOwnProperty.call(options, k)) o[k] = options[k];
  if (typeof o.delay === 'number') o.delay = delays.fixed(o.delay);
  if (typeof o.delay !== 'function') throw new TypeError('fakes.reset: delay must be a number or a function');
  if (o.fail) {
    if (ASYNC_OPS.indexOf(o.fail.op) < 0 && SYNC_OPS.indexOf(o.fail.op) < 0) {
      throw new Error('fakes.reset: unknown operation "' + o.fail.op + '"; known: ' + ASYNC_OPS.concat(SYNC_OPS).join(', '));
    }
    var how = o.fail.how || 'callback';
    if (SYNC_OPS.indexOf(o.fail.op) >= 0 && how !== 'throw') {
      throw new Error('fakes.reset: ' + o.fail.op + ' is synchronous; it can only fail with how: "throw"');
    }
    if (how === 'poison' && o.fail.op !== 'file.get') {
      throw new Error('fakes.reset: how: "poison" applies to file.get only');
    }
  }
  world = {
    options: o,
    random: seededRandom(o.seed),
    log: o.log ? [] : null,
    counts: { ops: 0, commits: 0, rollbacks: 0, failures: 0 },
    inFlight: 0,
    maxInFlight: 0,
    // Operations started on a transaction after it was committed or rolled
    // back: a variant that keeps working after a failure shows up here.
    afterEnd: 0,
    blobs: 0,
    transactions: 0,
    uuids: 0
  };
  return world;
}

function record(name, detail) {
  world.counts.ops++;
  if (world.log) world.log.push(detail ? name + ' ' + detail : name);
}

function failureFor(op) {
  var f = world.options.fail;
  if (f && f.op === op) return f;
  if (world.options.errorRate > 0 && ASYNC_OPS.indexOf(op) >= 0 &&
      world.random() < world.options.errorRate) {
    return { op: op, how: 'callback' };
  }
  return null;
}

function throwIfInjected(op) {
  var f = failureFor(op);
  if (f && f.how === 'throw') {
    world.counts.failures++;
    throw f.error || InjectedError(op, 'throw');
  }
  return f;
}

// The one place where fake I/O happens: logs the operation, then calls back
// after the delay the policy gives, with an injected error or the value.
function io(op, detail, value, callback) {
  if (world.options.onOperation) world.options.onOperation(op);
  if (typeof callback !== 'function') {
    throw new TypeError(op + ': expected a node-style callback as the last argument');
  }
  var f = throwIfInjected(op);
  record(op, detail);
  var w = world;
  var ms = w.options.delay(w.inFlight, op);
  w.inFlight++;
  if (w.inFlight > w.maxInFlight) w.maxInFlight = w.inFlight;
  schedule(function () {
    w.inFlight--;
    var err = null, result;
    if (f && f.how !== 'poison') {
      w.counts.failures++;
      err = f.error || InjectedError(op, f.how === 'reject' ? 'reject' : 'callback');
    } else {
      result = typeof value === 'function' ? value(f) : value;
    }
    if (!w.options.onUncaught) return callback(err, result);
    // Tests observe what would be an uncaught exception in a real program.
    try {
      callback(err, result);
    } catch (thrown) {
      w.options.onUncaught(thrown);
    }
  }, ms);
}

function Blob(acct) {
  this.account = acct;
}
Blob.prototype.put = function (stream, callback) {
  var id = 'blob-' + (++world.blobs);
  io('blob.put', null, id, callback);
};

function Transaction(id) {
  this.id = id;
  this.state = 'open';
}
Transaction.prototype.commit = function (callback) {
  var tx = this;
  io('tx.commit', null, undefined, function (err) {
    if (!err) {
      tx.state = 'committed';
      world.counts.commits++;
    }
    callback(err);
  });
};
// Fire and forget, as drivers allow; the optional callback is for code that
// wants to wait. Rolling back twice is counted: the tests look for it.
Transaction.prototype.rollback = function (callback) {
  this.state = 'rolledBack';
  world.counts.rollbacks++;
  record('tx.rollback');
  if (callback) schedule(function () { callback(null); }, 0);
};

function Query(op, detail) {
  this.op = op;
  this.detail = detail;
}
Query.prototype.execWithin = function (tx, callback) {
  if (!(tx instanceof Transaction)) throw new TypeError(this.op + ': execWithin needs a transaction from db.begin()');
  if (tx.state !== 'open') world.afterEnd++;
  io(this.op, this.detail, undefined, callback);
};

function Lookup(idOrPath) {
  this.idOrPath = idOrPath;
}
Lookup.prototype.get = function (callback) {
  var key = String(this.idOrPath);
  io('file.get', key, function (failure) {
    if (failure && failure.how === 'poison') return poisonedFile(key);
    if (!fileExists(key)) return null;
    return { id: 'file-' + hash(key), name: key.split('/').pop(), version: 'v-' + hash('v' + key) };
  }, callback);
};

function poisonedFile(key) {
  var file = { id: 'file-' + hash(key) };
  Object.defineProperty(file, 'version', {
    enumerable: true,
    get: function () {
      world.counts.failures++;
      throw InjectedError('file.get', 'poison');
    }
  });
  return file;
}

function describe(fields, keys) {
  var parts = [];
  for (var i = 0; i < keys.length; i++) parts.push(keys[i] + '=' + fields[keys[i]]);
  return parts.join(' ');
}

var account = { id: 'account-1' };
var userAccount = { id: 'user-7' };

// The classes of the objects the storage hands out. The tables below make
// their objects from `this.classes`, so that adapt() can hand out the same
// tables making objects whose asynchronous methods a library has adapted. A
// bare call (the debuggability probe makes one) gets these node-style classes.
var NODE_STYLE = { Blob: Blob, Transaction: Transaction, Query: Query, Lookup: Lookup };

function classesOf(table) {
  return (table && table.classes) || NODE_STYLE;
}

var blobManager = {
  classes: NODE_STYLE,
  create: function (acct) {
    throwIfInjected('blobManager.create');
    return new (classesOf(this).Blob)(acct);
  }
};

var db = {
  classes: NODE_STYLE,
  begin: function () {
    throwIfInjected('db.begin');
    record('tx.begin');
    return new (classesOf(this).Transaction)(++world.transactions);
  }
};

var files = {
  classes: NODE_STYLE,
  byUuidOrPath: function (idOrPath) {
    return new (classesOf(this).Lookup)(idOrPath);
  },
  createQuery: function (idOrPath, file, callback) {
    var q = new (classesOf(this).Query)('file.insert', describe(file, ['id', 'name', 'version']));
    io('file.createQuery', String(idOrPath), q, callback);
  }
};

var Version = {
  classes: NODE_STYLE,
  createHash: function (version) {
    throwIfInjected('version.createHash');
    return 'v-' + hash(describe(version, ['userAccountId', 'blobId', 'creatorId', 'previousId']));
  },
  insert: function (version) {
    return new (classesOf(this).Query)('version.insert', describe(version, ['id', 'previousId']));
  }
};

var FileVersion = {
  classes: NODE_STYLE,
  insert: function (row) {
    return new (classesOf(this).Query)('fileVersion.insert', describe(row, ['fileId', 'versionId']));
  }
};

var File = {
  classes: NODE_STYLE,
  whereUpdate: function (where, values) {
    return new (classesOf(this).Query)('file.update', 'id=' + where.id + ' version=' + values.version);
  }
};

var uuid = {
  v1: function () {
    throwIfInjected('uuid.v1');
    var n = String(++world.uuids);
    return '00000000-0000-1000-8000-' + ('000000000000' + n).slice(-12);
  }
};

// The same storage, with its five asynchronous operations replaced by
// `methods` ({ put, commit, execWithin, get, createQuery }): the node-style
// methods above, each adapted once by a library (lib/*-api.js), e.g.
// `execWithin: promisify(fakes.Query.prototype.execWithin)`. The objects it
// hands out are instances of subclasses that carry the adapted methods, so a
// call goes from the variant to the library's adapter to the fake, with no
// wrapper object or closure of ours in between. Everything else (the
// synchronous helpers, rollback, the world) is shared with the node-style API.
// The tables are copied when this runs, at the adapter's load, so a helper
// patched before that (as the debuggability probe does) is the one copied.
var ASYNC_METHODS = ['put', 'commit', 'execWithin', 'get', 'createQuery'];

function adapt(methods) {
  for (var i = 0; i < ASYNC_METHODS.length; i++) {
    if (typeof methods[ASYNC_METHODS[i]] !== 'function') {
      throw new TypeError('fakes.adapt: methods.' + ASYNC_METHODS[i] + ' must be a function; give all of ' +
        ASYNC_METHODS.join(', '));
    }
  }
  // Named like their bases, so stack traces read the same in every style.
  var classes = {
    Blob: inherit(function Blob(acct) { NODE_STYLE.Blob.call(this, acct); },
      Blob, { put: methods.put }),
    Transaction: inherit(function Transaction(id) { NODE_STYLE.Transaction.call(this, id); },
      Transaction, { commit: methods.commit }),
    Query: inherit(function Query(op, detail) { NODE_STYLE.Query.call(this, op, detail); },
      Query, { execWithin: methods.execWithin }),
    Lookup: inherit(function Lookup(idOrPath) { NODE_STYLE.Lookup.call(this, idOrPath); },
      Lookup, { get: methods.get })
  };
  function table(base, own) {
    var t = { classes: classes }, k;
    for (k in base) if (k !== 'classes') t[k] = base[k];
    for (k in own) t[k] = own[k];
    return t;
  }
  return {
    account: account,
    userAccount: userAccount,
    uuid: uuid,
    blobManager: table(blobManager),
    db: table(db),
    files: table(files, { createQuery: methods.createQuery }),
    Version: table(Version),
    FileVersion: table(FileVersion),
    File: table(File)
  };
}

// Debuggability analysis only (scripts/analyze/debug-child.js), never the
// benchmark: the five asynchronous methods as a driver that returns native
// promises would offer them, for adapt() in place of a native-promise
// adapter (lib/native-api.js, lib/promisify-api.js), which such a driver
// makes unnecessary. Each does the same fake I/O through the node-style
// method; an injected 'reject' failure then rejects with an error made in a
// promise reaction after the delay, so that V8 can follow the promise the
// variant awaits and add its `at async upload` frames, which an error made
// in a timer callback can never have. Written with .then, not async
// functions, so this file still loads on the runtimes of 2013.
function promiseMethods() {
  if (typeof Promise !== 'function') {
    throw new Error('fakes.promiseMethods: this runtime has no Promise; run the rejected-promise failure on a runtime that has one');
  }
  function form(method) {
    return function () {
      var self = this, args = Array.prototype.slice.call(arguments);
      return new Promise(function (resolve) {
        args.push(function (err, value) { resolve({ err: err, value: value }); });
        method.apply(self, args);
      }).then(function (settled) {
        if (settled.err && settled.err.how === 'reject') throw InjectedError(settled.err.op, 'reject');
        if (settled.err) throw settled.err;
        return settled.value;
      });
    };
  }
  return {
    put: form(Blob.prototype.put),
    commit: form(Transaction.prototype.commit),
    execWithin: form(Query.prototype.execWithin),
    get: form(Lookup.prototype.get),
    createQuery: form(files.createQuery)
  };
}

function inherit(Sub, Base, methods) {
  Sub.prototype = Object.create(Base.prototype);
  Sub.prototype.constructor = Sub;
  for (var name in methods) Sub.prototype[name] = methods[name];
  return Sub;
}

reset({});

module.exports = {
  reset: reset,
  stats: function () { return world; },
  delays: delays,
  fileExists: fileExists,
  pathFor: pathFor,
  ASYNC_OPS: ASYNC_OPS,
  SYNC_OPS: SYNC_OPS,
  adapt: adapt,
  promiseMethods: promiseMethods,
  // The node-style classes, whose prototype methods the adapters adapt.
  Blob: Blob,
  Transaction: Transaction,
  Query: Query,
  Lookup: Lookup,

  account: account,
  userAccount: userAccount,
  blobManager: blobManager,
  db: db,
  files: files,
  Version: Version,
  FileVersion: FileVersion,
  File: File,
  uuid: uuid
};
