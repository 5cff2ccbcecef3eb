// The clocks around one batch's timed span, for both kinds of batch
// (fake-io-batch.js and scripts/harness/scenarios/together.js): the CPU
// clock (h.cpu, where the runtime has one) is read just outside the wall
// clock, so the CPU span holds the wall one and nothing is sampled inside
// it; when the span ends, the GC watch (h.gc, where there is one) is given
// it, to count the collections that started in it.
//
// ES5 + CommonJS: the child loads it on Node 0.11, the browser's worker too.
'use strict';

// h: the frame's helpers (clock, round3, and optionally cpu and gc). Call
// at the start of the span → { begin, end(stop) }: begin is the wall clock
// at the start; end(stop), with the wall clock at the last completion, →
// the span's CPU time in ms, or null without a CPU clock.
function timedSpan(h) {
  var cpuBegin = h.cpu ? h.cpu.now() : 0;
  var begin = h.clock.now();
  return {
    begin: begin,
    end: function (stop) {
      var cpuEnd = h.cpu ? h.cpu.now() : 0;
      if (h.gc) h.gc.span(begin, stop);
      return h.cpu ? h.round3(cpuEnd - cpuBegin) : null;
    }
  };
}

module.exports = { timedSpan: timedSpan };
