// The fakes with every asynchronous operation returned as an RxJS observable,
// made by rxjs's bindNodeCallback. Like util.promisify it needs a function with
// the node-style callback last, so one bound "run this operation" serves every
// operation. The observable is cold: the operation starts when it is
// subscribed, and it emits the result once, then completes.
'use strict';
var bindNodeCallback = require('rxjs').bindNodeCallback;

var run = bindNodeCallback(function (start, callback) {
  start(callback);
});

module.exports = require('./facade')(run);
