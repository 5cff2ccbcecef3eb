// A tiny error interceptor for node-style callbacks, in the spirit of node's
// domain.intercept: `var ok = catcher(onError)` gives a wrapper, and
// `ok(function (result) { ... })` is a callback that sends an error argument,
// or anything its body throws, to onError instead of into the body.
//
// onError runs at most once per catcher, and every callback made by it goes
// quiet afterwards, so the k-th completion of a failed parallel request, or a
// second failure, cannot report again.
'use strict';

var slice = Array.prototype.slice;

module.exports = function catcher(onError) {
  var failed = false;

  function fail(err) {
    if (failed) return;
    failed = true;
    onError(err);
  }

  function ok(body) {
    return function (err) {
      if (failed) return;
      if (err) return fail(err);
      try {
        body.apply(this, slice.call(arguments, 1));
      } catch (thrown) {
        fail(thrown);
      }
    };
  }

  // For the step that ends the work: errors still go to onError, but success
  // goes straight to `callback`, outside the try, so an exception thrown by
  // the caller's own callback is not mistaken for a failure of this step
  // (which would roll back a committed transaction and report twice).
  ok.last = function (callback) {
    return function (err) {
      if (failed) return;
      if (err) return fail(err);
      callback.apply(this, arguments);
    };
  };

  ok.fail = fail;
  return ok;
};
