// async/await: one loop of `links` awaits, each on a promise its step resolves.
// No .then is written, but every await is a continuation of the same kind.
async function run(world) {
  let x = world.initial;
  for (let i = 0; i < world.links; i++) {
    x = await new Promise((resolve) => world.step(i, x, resolve));
  }
  return x;
}

exports.chain = function chain(world, done) {
  run(world).then((value) => done(null, value), done);
};
