// deferred (npm): a deferred() per link, resolved by the link's step. This
// library calls a continuation at once when its promise is already resolved,
// so a synchronous chain finishes inside the loop that builds it.
var deferred = require('deferred');

function link(world, i) {
  return function (x) {
    var d = deferred();
    world.step(i, x, function (value) { d.resolve(value); });
    return d.promise;
  };
}

exports.chain = function chain(world, done) {
  var promise = deferred(world.initial);
  for (var i = 0; i < world.links; i++) promise = promise.then(link(world, i));
  promise.done(function (value) { done(null, value); }, done);
};
