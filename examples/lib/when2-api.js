// The fakes with when.js 2 promises (when 2.2.1, installed as when-2, the
// version of the 2013 article), each node-style method lifted once with
// when/node/function's lift, the module when.js 2 had for node-style APIs
// (when 3 moved it to when/node). A lifted method keeps `this`.
'use strict';
var lift = require('when-2/node/function').lift;
var fakes = require('./fakes');

module.exports = fakes.adapt({
  put: lift(fakes.Blob.prototype.put),
  commit: lift(fakes.Transaction.prototype.commit),
  execWithin: lift(fakes.Query.prototype.execWithin),
  get: lift(fakes.Lookup.prototype.get),
  createQuery: lift(fakes.files.createQuery)
});
