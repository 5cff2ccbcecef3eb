// co 4 with thunks: each read is a thunk (a function taking only a
// node-style callback), the form co was written for in 2013. Level d reads,
// hands the value down to level d + 1 with yield*, and reads again with what
// comes back; co never sees the inner generators, only the thunks they yield.
var co = require('co');

function read(world, d, x) {
  return function (cb) { world.read(d, x, cb); };
}

function* level(world, d, x) {
  world.enter(d);
  for (var i = 0; i < world.readsBefore; i++) x = yield read(world, d, x);
  if (d < world.depth) x = yield* level(world, d + 1, x);
  for (var j = 0; j < world.readsAfter; j++) x = yield read(world, d, x);
  world.leave(d);
  return x;
}

exports.run = function run(world, done) {
  co(level(world, 0, world.initial)).then(function (value) { done(null, value); }, done);
};
