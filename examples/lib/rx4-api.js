// The fakes with every asynchronous operation returned as an RxJS 4 observable.
//
// RxJS 4's own adapter for node-style functions is Rx.Observable.fromNodeCallback.
// In 4.1 it calls the function at once and keeps the outcome in an
// AsyncSubject (a hot observable), so Rx.Observable.defer wraps it: the
// operation then starts when it is subscribed, as with RxJS 7's bindNodeCallback
// in rxjs-api.js. The error reaches onError as the very object the fake passed
// to its callback; the result is emitted once, then the observable completes.
'use strict';
var Rx = require('rx');

var run = Rx.Observable.fromNodeCallback(function (start, callback) {
  start(callback);
});

module.exports = require('./facade')(function (start) {
  return Rx.Observable.defer(function () { return run(start); });
});
