// co 4 with promises: the reads return native promises, which is what co 4
// prefers (it turns every other yieldable into a promise first).
var co = require('co');

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

var task = co.wrap(function* (world) { return yield* level(world, 0, world.initial); });

exports.run = function run(world, done) {
  task(world).then(function (value) { done(null, value); }, done);
};
