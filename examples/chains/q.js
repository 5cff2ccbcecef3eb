// Q: a Q.defer() per link, resolved by the link's step and returned from the
// link's .then continuation. Runs unchanged on Q 0.9 (q-0-9.js).
var Q = require('q');

function link(world, i) {
  return function (x) {
    var deferred = Q.defer();
    world.step(i, x, function (value) { deferred.resolve(value); });
    return deferred.promise;
  };
}

exports.chain = function chain(world, done) {
  var promise = Q(world.initial);
  for (var i = 0; i < world.links; i++) promise = promise.then(link(world, i));
  promise.then(function (value) { done(null, value); }, done);
};
