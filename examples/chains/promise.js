// then/promise (npm "promise"): it has no deferred object, so each link
// builds a promise with the constructor and lets its step call resolve.
var Promise = require('promise');

function link(world, i) {
  return function (x) {
    return new Promise(function (resolve) { world.step(i, x, resolve); });
  };
}

exports.chain = function chain(world, done) {
  var promise = Promise.resolve(world.initial);
  for (var i = 0; i < world.links; i++) promise = promise.then(link(world, i));
  promise.nodeify(done);
};
