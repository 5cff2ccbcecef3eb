// Bluebird: each link's .then continuation returns a new Promise that its
// step resolves; asCallback hands the end of the chain to the caller.
var Promise = require('bluebird');

function link(world, i) {
  return function (x) {
    return new Promise(function (resolve) { world.step(i, x, resolve); });
  };
}

exports.chain = function chain(world, done) {
  var promise = Promise.resolve(world.initial);
  for (var i = 0; i < world.links; i++) promise = promise.then(link(world, i));
  promise.asCallback(done);
};
