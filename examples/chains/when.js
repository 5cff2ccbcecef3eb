// when.js: one deferred per link, resolved by the link's step; each link is a
// .then continuation that returns the deferred's promise. The same file runs on
// when 2.x and 1.8 (when-2.js, when-1.js): when.defer and .then have not changed.
var when = require('when');

function link(world, i) {
  return function (x) {
    var deferred = when.defer();
    world.step(i, x, function (value) { deferred.resolve(value); });
    return deferred.promise;
  };
}

exports.chain = function chain(world, done) {
  var promise = when.resolve(world.initial);
  for (var i = 0; i < world.links; i++) promise = promise.then(link(world, i));
  promise.then(function (value) { done(null, value); }, done);
};
