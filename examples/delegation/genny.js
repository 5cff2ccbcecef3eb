// genny: genny.fn gives the coroutine a resume factory in place of its
// callback; every resume() is a node-style callback for one read. The inner
// levels take resume as an argument and yield to the same runner through
// yield*.
var genny = require('genny');

function* level(world, d, x, resume) {
  world.enter(d);
  for (var i = 0; i < world.readsBefore; i++) x = yield world.read(d, x, resume());
  if (d < world.depth) x = yield* level(world, d + 1, x, resume);
  for (var j = 0; j < world.readsAfter; j++) x = yield world.read(d, x, resume());
  world.leave(d);
  return x;
}

exports.run = genny.fn(function* (world, resume) {
  return yield* level(world, 0, world.initial, resume);
});
