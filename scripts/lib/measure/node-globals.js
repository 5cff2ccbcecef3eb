// Node's globals that the variants' libraries of the 2013 era reach for and a
// browser lacks, given to the worker as browserify gave them to a page.
// worker.js requires this first, before any variant or library loads:
//   global: genny reads it at load time;
//   setImmediate: suspend 0.3 resumes its generator in one, and co 3 (the
//   thunk style) schedules with it.
// Without them those styles stop with a ReferenceError, which is the
// browser's lack, not the style's. A browser that has a name keeps its own.
// A library that looks for setImmediate before falling back to
// setTimeout(fn, 0) (Bluebird's scheduler, in a worker without
// MutationObserver) now takes this one; either way its queue drains in a
// message task of its own, as worker.js runs every timer.
// Each immediate runs in a message task of its own (message-tasks.js), in
// the order set, after the current task and its promise jobs, as Node runs
// them after the current phase; the hop is the one worker.js gives every timer.
'use strict';

var tasks = require('./message-tasks').messageTasks();

function setImmediate(fn) {
  if (typeof fn !== 'function') throw new TypeError('setImmediate: the callback must be a function, got ' + typeof fn);
  return tasks.post(fn, Array.prototype.slice.call(arguments, 1));
}

function clearImmediate(id) {
  tasks.cancel(id);
}

if (typeof self.global === 'undefined') self.global = self;
if (typeof self.setImmediate !== 'function') {
  self.setImmediate = setImmediate;
  self.clearImmediate = clearImmediate;
}

module.exports = { setImmediate: setImmediate, clearImmediate: clearImmediate };
