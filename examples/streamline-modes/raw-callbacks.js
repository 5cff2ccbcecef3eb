// The streamline-modes program written by hand in continuation-passing
// style, as one would without a compiler: no trampoline, so a step that
// answers at once runs the rest of the loop inside its own callback, and
// the stack grows with every synchronous step until an asynchronous one
// unwinds it.
'use strict';

function nest(world, depth, i, cb) {
  if (depth === 0) return world.step(i, cb);
  nest(world, depth - 1, i, function (err, v) {
    if (err) return cb(err);
    cb(null, v + 1);
  });
}

exports.run = function run(world, done) {
  var total = 0, i = 0;
  function next() {
    if (i === world.loop) return done(null, total);
    nest(world, world.depth, i, function (err, v) {
      if (err) return done(err);
      total += v;
      i++;
      next();
    });
  }
  next();
};
