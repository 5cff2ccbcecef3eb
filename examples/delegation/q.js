// Q.async: the reads are Q promises made by Q.nfcall from the node-style
// read, the coroutine a promise-returning function prepared once at load.
var Q = require('q');

function read(world, d, x) {
  return Q.nfcall(world.read, d, x);
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
