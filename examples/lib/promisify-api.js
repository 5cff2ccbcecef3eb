// The fakes with native promises made by Node's util.promisify (Node 8+),
// applied once to each node-style method. A promisified method keeps `this`,
// so one function serves every blob, query, lookup and transaction.
'use strict';
var promisify = require('util').promisify;
var fakes = require('./fakes');

module.exports = fakes.adapt({
  put: promisify(fakes.Blob.prototype.put),
  commit: promisify(fakes.Transaction.prototype.commit),
  execWithin: promisify(fakes.Query.prototype.execWithin),
  get: promisify(fakes.Lookup.prototype.get),
  createQuery: promisify(fakes.files.createQuery)
});
