// The fakes with every asynchronous operation returned as a thunk (a function
// that takes only a node-style callback and starts the operation when
// called), each node-style method adapted once with thunkify, the adapter
// co's documentation pointed to while co ran on thunks. A thunkified method
// keeps `this`, so one function serves every object.
'use strict';
var thunkify = require('thunkify');
var fakes = require('./fakes');

module.exports = fakes.adapt({
  put: thunkify(fakes.Blob.prototype.put),
  commit: thunkify(fakes.Transaction.prototype.commit),
  execWithin: thunkify(fakes.Query.prototype.execWithin),
  get: thunkify(fakes.Lookup.prototype.get),
  createQuery: thunkify(fakes.files.createQuery)
});
