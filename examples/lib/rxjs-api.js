// The fakes with every asynchronous operation returned as an RxJS 7
// observable, each node-style method adapted once with bindNodeCallback. A
// bound method keeps `this`, so one function serves every object. The
// observable starts the operation when first subscribed (later subscribers
// share its outcome), emits the result once and completes.
// lib/rxjs-observable-api.js adapts with `new Observable` instead.
'use strict';
var bindNodeCallback = require('rxjs').bindNodeCallback;
var fakes = require('./fakes');

module.exports = fakes.adapt({
  put: bindNodeCallback(fakes.Blob.prototype.put),
  commit: bindNodeCallback(fakes.Transaction.prototype.commit),
  execWithin: bindNodeCallback(fakes.Query.prototype.execWithin),
  get: bindNodeCallback(fakes.Lookup.prototype.get),
  createQuery: bindNodeCallback(fakes.files.createQuery)
});
