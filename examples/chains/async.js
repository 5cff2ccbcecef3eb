// The baseline: async.waterfall over one task per link. Each task hands the
// value its step produced to the next task through the callback; no promise
// and no deferral of its own, so a synchronous step runs the next task at once.
var async = require('async');

function link(world, i) {
  return function (x, next) {
    world.step(i, x, function (value) { next(null, value); });
  };
}

exports.chain = function chain(world, done) {
  var tasks = [];
  for (var i = 0; i < world.links; i++) tasks.push(link(world, i));
  tasks[0] = tasks[0].bind(null, world.initial); // the first task gets no value from a predecessor
  async.waterfall(tasks, done);
};
