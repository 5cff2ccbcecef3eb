// The fakes with when.js promises, each node-style method lifted once with
// when/node's lift, the adapter when.js 3 documents for node-style APIs. A
// lifted method keeps `this`, and waits for any promise among its arguments.
// lib/when-promise-api.js adapts with when.promise instead.
'use strict';
var lift = require('when/node').lift;
var fakes = require('./fakes');

module.exports = fakes.adapt({
  put: lift(fakes.Blob.prototype.put),
  commit: lift(fakes.Transaction.prototype.commit),
  execWithin: lift(fakes.Query.prototype.execWithin),
  get: lift(fakes.Lookup.prototype.get),
  createQuery: lift(fakes.files.createQuery)
});
