// Native async/await, one async function and no delegation: the reference
// the runners are compared with (manifest "depths": flat only; the nested
// form is async-await-helpers.js).
function read(world, d, x) {
  return new Promise(function (resolve, reject) {
    world.read(d, x, function (err, value) { if (err) reject(err); else resolve(value); });
  });
}

async function task(world) {
  var x = world.initial;
  world.enter(0);
  for (var i = 0; i < world.readsBefore + world.readsAfter; i++) x = await read(world, 0, x);
  world.leave(0);
  return x;
}

exports.run = function run(world, done) {
  task(world).then(function (value) { done(null, value); }, done);
};
