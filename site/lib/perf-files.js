'use strict';
// Which data file holds a runtime's performance figures. Each runtime profile
// of scripts/lib/profiles.json has its own perf@1 file,
// data/perf-<profile>.json (npm run bench -- --runtimes node-20 --out
// data/perf-node-20.json), so a CI job per runtime writes one file with no
// merge step, and a build reads only the files its pages draw:
//   a chart, table or figure that names a runtime (runtime="node-20")  perf-node-20
//   one that names none                                            perf-node-24 ("now", NOW_RUNTIME)
//   the runtime matrix, the variant pages (every runtime)           every perf-<profile> present
//   the matrix's raw times and memory across runtimes               perf-then-and-now (below)
// data/perf-sweep.json and data/perf-noise.json are not profile files.
const { profileNames, browserNames, profileName } = require('../../scripts/lib/runtime-id');
const { NOW_RUNTIME } = require('./runtime-match');

// As profiles.json lists them, then the browsers (chromium:
// data/perf-chromium.json, npm run bench -- --runtimes chromium).
const PROFILES = profileNames().concat(browserNames());
const fileOfProfile = (profile) => `perf-${profile}`;
const DEFAULT_PERF = fileOfProfile(NOW_RUNTIME);
const DEFAULT_PERF_COMMAND = `npm run bench -- --runtimes ${NOW_RUNTIME} --out data/${DEFAULT_PERF}.json`;

// A runtime name that is no runtime profile, so no file can hold it.
class UnknownRuntimeError extends Error {
  constructor(runtime) {
    super(`runtime "${runtime}" is not a runtime profile, so no data/perf-<profile>.json holds it; ` +
      `name one of ${PROFILES.join(', ')} (scripts/lib/profiles.json)`);
    this.name = 'UnknownRuntimeError';
    this.code = 'ERR_UNKNOWN_RUNTIME';
    this.runtime = runtime;
  }
}

// The file (name without .json) of the runtime a page names, by profile
// ("node-20") or by a profile's runtime id ("node-24@24.21.0"), or of "now".
function perfFile(runtime) {
  if (runtime === undefined || runtime === null || runtime === '') return DEFAULT_PERF;
  const name = profileName(runtime);
  if (!PROFILES.includes(name)) throw new UnknownRuntimeError(runtime);
  return fileOfProfile(name);
}

// Every profile's file at once, for what shows every runtime: the checked
// files present (hits, in release order) and the profiles without a file.
// `load.has(name)`: whether the data folder holds the file (site/lib/data-files.js).
function everyProfile(load) {
  const hits = [];
  const missing = [];
  for (const profile of PROFILES) {
    if (load.has(fileOfProfile(profile))) hits.push(load(fileOfProfile(profile)));
    else missing.push(profile);
  }
  return { hit: combine(hits), missing };
}

// Several profile files read as one perf@1 file: the cells side by side, and
// each run once. A run that measured several runtimes is in each of their
// files, holding only that file's runtime, so its runtimes are gathered again.
function combine(hits) {
  const data = { schema: 'asyncbench/perf@1', runs: {}, cells: [], hosts: {} };
  for (const { data: d } of hits) {
    for (const [id, run] of Object.entries(d.runs || {})) {
      const seen = data.runs[id];
      data.runs[id] = seen ? { ...seen, runtimes: { ...seen.runtimes, ...run.runtimes } } : run;
    }
    data.cells.push(...d.cells);
    Object.assign(data.hosts, d.hosts || {});
  }
  const shown = hits.length === 1 ? hits[0].shown : `data/perf-<profile>.json (${hits.length} files)`;
  return { name: 'perf-*', shown, data, parts: hits, incomplete: '' };
}

// Raw figures across runtimes come from one file only: one run that measured
// every runtime profile on one host, with its anchor (issue 42, item 3;
// site/lib/host-guard.js says why). The profiles' own files were measured
// on different hosts, so their times meet only as ratios.
const THEN_AND_NOW = 'perf-then-and-now';

// That file, checked, or null while the data folder does not hold it.
const thenAndNow = (load) => (load.has(THEN_AND_NOW) ? load(THEN_AND_NOW) : null);

module.exports = { THEN_AND_NOW, thenAndNow, PROFILES, DEFAULT_PERF, DEFAULT_PERF_COMMAND, UnknownRuntimeError, perfFile, fileOfProfile, everyProfile, combine };
