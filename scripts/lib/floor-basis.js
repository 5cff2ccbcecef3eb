// Which figure a cost above the floor workload is taken from (issue 28).
// A cold batch is mostly V8 compiling the code, and the floor workload
// compiles about as much as nested callbacks, so cold, the floor is no lower
// bound: it came out above callbacks (33.9 against 32.7 ms) and costs above it
// were negative. Warm, in the same process set-up as every style, the floor
// runs only the fake operations and one continuation per call, and lies
// below every style: its costs are published (and checked, site/derived-figures.js).
// So a group (runtime, scenario, mode, n) whose floor cell has warm figures
// takes every cost from warm figures (`basis: 'warm'`; a cell without warm
// figures gets none); a group without them keeps the cold times, as files
// from before the warm figure do (`basis` absent means cold).
//
// Written once here for the harness (above-floor.js, which stores the
// figures) and the site (derived-figures.js, which recomputes them).
'use strict';

const okSamples = (cell) => (cell && cell.status === 'ok' ? cell.samples.filter((s) => s.status === 'ok') : []);
const numbers = (samples, field) => samples.map((s) => s[field]).filter((v) => typeof v === 'number' && Number.isFinite(v));

// floorCell: the group's floor cell (or undefined). → { basis, values(cell) }
// where values(cell) gives the numbers a cost is computed from.
function floorBasis(floorCell) {
  const warm = numbers(okSamples(floorCell), 'warmMs').length > 0;
  const field = warm ? 'warmMs' : 'timeMs';
  return { basis: warm ? 'warm' : 'cold', values: (cell) => numbers(okSamples(cell), field) };
}

module.exports = { floorBasis };
