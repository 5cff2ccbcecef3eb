// The fakes with native promises made by Node's util.promisify (Node 8+).
// util.promisify needs a function that takes a node-style callback last; the
// facade's `start` is one once it is passed as an argument, so a single
// promisified "run this operation" serves every operation, created once.
'use strict';
var promisify = require('util').promisify;

var run = promisify(function (start, callback) {
  start(callback);
});

module.exports = require('./facade')(run);
