// co as the 2014 post measured it (co 3.1.0, installed as co-3), with thunks:
// co(fn) returns a thunk of the whole coroutine, so the caller's node-style
// callback goes straight to co, with no promise in between.
var co = require('co-3');

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
  co(function* () { return yield* level(world, 0, world.initial); })(done);
};
