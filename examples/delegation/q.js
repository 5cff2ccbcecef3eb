// Q.async: each read is a Q deferred whose node-style resolver is the read's
// callback (makeNodeResolver, in Q 0.9 and 1.5 alike); the coroutine is a
// promise-returning function prepared once at load.
var Q = require('q');

function read(world, d, x) {
  var deferred = Q.defer();
  world.read(d, x, deferred.makeNodeResolver());
  return deferred.promise;
}

function* level(world, d, x) {
  world.enter(d);
  for (var i = 0; i < world.readsBefore; i++) x = yield read(world, d, x);
  if (d < world.depth) x = yield* level(world, d + 1, x);
  for (var j = 0; j < world.readsAfter; j++) x = yield read(world, d, x);
  world.leave(d);
  return x;
}

var task = Q.async(function* (world) { return yield* level(world, 0, world.initial); });

exports.run = function run(world, done) {
  task(world).nodeify(done);
};
