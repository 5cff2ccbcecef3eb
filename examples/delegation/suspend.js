// suspend 0.7: suspend.resume() makes a node-style callback that resumes
// whichever generator suspend is running; inside a yield* that is still the
// outer one, so the inner levels need nothing passed to them.
var suspend = require('suspend');
var resume = suspend.resume;

function* level(world, d, x) {
  world.enter(d);
  for (var i = 0; i < world.readsBefore; i++) x = yield world.read(d, x, resume());
  if (d < world.depth) x = yield* level(world, d + 1, x);
  for (var j = 0; j < world.readsAfter; j++) x = yield world.read(d, x, resume());
  world.leave(d);
  return x;
}

exports.run = suspend.callback(function* (world) {
  return yield* level(world, 0, world.initial);
});
