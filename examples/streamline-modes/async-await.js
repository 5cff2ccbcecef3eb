// The streamline-modes program in today's language: async functions, with
// the harness's node-style step wrapped in a promise. A step that answers at
// once still resumes its caller in a later microtask, so the stack never
// grows with the synchronous share.
'use strict';

function step(world, i) {
  return new Promise(function (resolve, reject) {
    world.step(i, function (err, v) { if (err) reject(err); else resolve(v); });
  });
}

async function nest(world, depth, i) {
  if (depth === 0) return step(world, i);
  return (await nest(world, depth - 1, i)) + 1;
}

exports.run = function run(world, done) {
  (async function () {
    var total = 0;
    for (var i = 0; i < world.loop; i++) total += await nest(world, world.depth, i);
    return total;
  })().then(function (total) { done(null, total); }, done);
};
