// Bluebird.coroutine, prepared once at load (the form the library's author
// recommended to the 2014 post, rather than Promise.spawn per call). Reads
// are Bluebird promises; the inner levels are plain generators reached by
// yield*, so Bluebird drives one generator object per coroutine. nodeify
// hands the result to a node-style callback on Bluebird 3 and on 0.9 alike.
var Promise = require('bluebird');

function read(world, d, x) {
  return new Promise(function (resolve, reject) {
    world.read(d, x, function (err, value) { if (err) reject(err); else resolve(value); });
  });
}

function* level(world, d, x) {
  world.enter(d);
  for (var i = 0; i < world.readsBefore; i++) x = yield read(world, d, x);
  if (d < world.depth) x = yield* level(world, d + 1, x);
  for (var j = 0; j < world.readsAfter; j++) x = yield read(world, d, x);
  world.leave(d);
  return x;
}

var task = Promise.coroutine(function* (world) { return yield* level(world, 0, world.initial); });

exports.run = function run(world, done) {
  task(world).nodeify(done);
};
