// Native async/await with helpers: every level is an async function that
// awaits the next one, the way async code is split into functions today.
// Each call makes a promise of its own, the counterpart of yield*.
function read(world, d, x) {
  return new Promise(function (resolve, reject) {
    world.read(d, x, function (err, value) { if (err) reject(err); else resolve(value); });
  });
}

async function level(world, d, x) {
  world.enter(d);
  for (var i = 0; i < world.readsBefore; i++) x = await read(world, d, x);
  if (d < world.depth) x = await level(world, d + 1, x);
  for (var j = 0; j < world.readsAfter; j++) x = await read(world, d, x);
  world.leave(d);
  return x;
}

exports.run = function run(world, done) {
  level(world, 0, world.initial).then(function (value) { done(null, value); }, done);
};
