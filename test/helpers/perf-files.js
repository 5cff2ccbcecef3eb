'use strict';
// A stand-in for the build's loader over hand-made perf data, shaped as the
// site reads it: one file per runtime profile (site/lib/perf-files.js), each
// holding the cells of its profile's runtime ids ("bun@1.4.5" -> perf-bun)
// and their runs, a run with only that profile's runtimes (as
// `npm run data -- split` writes them). A profile without cells has no
// file; any other name goes to `fallback` (the committed data, say), but for
// the one run of every runtime (data/perf-then-and-now.json, issue 42): a
// fixture has it only when given as `thenAndNow`, whatever data/ holds.
const { PROFILES, fileOfProfile, THEN_AND_NOW } = require('../../site/lib/perf-files');
const { profileName } = require('../../scripts/lib/runtime-id');
const { DataCheckError } = require('../../site/lib/data-files');

const PROFILE_FILES = new Set(PROFILES.map(fileOfProfile));

function profileLoader(perf, fallback = () => { throw new Error('no fallback'); }, { thenAndNow = null } = {}) {
  const files = new Map();
  for (const cell of perf.cells) {
    const name = fileOfProfile(profileName(cell.runtime));
    if (!PROFILE_FILES.has(name)) throw new Error(`test fixture: ${cell.runtime} is no runtime profile's id`);
    if (!files.has(name)) files.set(name, { ...perf, runs: {}, cells: [] });
    const file = files.get(name);
    file.cells.push(cell);
    const run = perf.runs[cell.run];
    if (run && !file.runs[cell.run]) {
      const mine = Object.entries(run.runtimes || {}).filter(([id]) => fileOfProfile(profileName(id)) === name);
      file.runs[cell.run] = { ...run, runtimes: Object.fromEntries(mine) };
    }
  }
  if (thenAndNow) files.set(THEN_AND_NOW, thenAndNow);
  const own = (name) => PROFILE_FILES.has(name) || name === THEN_AND_NOW;
  const load = (name) => {
    if (files.has(name)) return { name, data: files.get(name), shown: `fixture ${name}.json`, incomplete: '' };
    if (!own(name)) return fallback(name);
    const hit = { name, shown: `fixture ${name}.json`, problems: [{ kind: 'missing', path: null, message: 'missing' }] };
    throw new DataCheckError([hit], false);
  };
  load.has = (name) => (own(name) ? files.has(name) : fallback.has(name));
  return load;
}

module.exports = { profileLoader };
