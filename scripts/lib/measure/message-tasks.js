// A queue of callbacks, each run in a message task of its own, in the order
// queued: the one hop the browser worker gives every timer's callback
// (worker.js) and every setImmediate (node-globals.js). A message task is
// not a nested timer, so the browser's clamp of nested timers never applies.
// → { post(fn, args) → id, cancel(id) }; a cancelled callback is skipped
// when its turn comes.
'use strict';

function messageTasks() {
  var channel = new MessageChannel(), queue = [], cancelled = {}, nextId = 1;
  channel.port1.onmessage = function () {
    var next = queue.shift();
    if (cancelled[next.id]) delete cancelled[next.id];
    else next.fn.apply(self, next.args);
  };
  return {
    post: function (fn, args, id) {
      var key = id === undefined ? nextId++ : id;
      queue.push({ id: key, fn: fn, args: args || [] });
      channel.port2.postMessage(0);
      return key;
    },
    cancel: function (id) {
      if (queue.some(function (q) { return q.id === id; })) cancelled[id] = true;
    }
  };
}

module.exports = { messageTasks: messageTasks };
