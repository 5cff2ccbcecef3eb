// The fakes with Bluebird promises made by Promise.promisify, applied once to
// each node-style method: the adapter Bluebird's documentation leads with. A
// promisified method keeps `this`, so one function serves every object.
//
// promisify rejects with the storage layer's error itself only when that is
// an instance of an Error subclass. A plain Error (all of them, here) arrives
// wrapped in a Promise.OperationalError whose `cause` is the original, so a
// variant on this adapter must unwrap it before it reaches the caller.
'use strict';
var promisify = require('bluebird').promisify;
var fakes = require('./fakes');

module.exports = fakes.adapt({
  put: promisify(fakes.Blob.prototype.put),
  commit: promisify(fakes.Transaction.prototype.commit),
  execWithin: promisify(fakes.Query.prototype.execWithin),
  get: promisify(fakes.Lookup.prototype.get),
  createQuery: promisify(fakes.files.createQuery)
});
