// The commit a data file was measured at, and whether the code differed from
// it. data/ is left out of "dirty": it holds the outputs, and a run that
// merges into a data file a previous run just wrote is still measuring the
// committed code. "dirty" is any tracked file outside data/ (a note, a post,
// a test as much as the harness), so the changed paths are kept too: only a
// change to the code a measurement runs makes its figures differ from the
// commit's (measuredCodeChanged).
'use strict';
const { execFileSync } = require('node:child_process');

const { ROOT } = require('./paths');

function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null; // not a checkout (e.g. an unpacked tarball): say so with null
  }
}

// `git status --porcelain -z` -> the paths it names, sorted: each entry is
// "XY path", and a rename or copy (X or Y "R"/"C") is followed by its old
// path as an entry of its own, which is named too (the commit has it).
function changedPaths(porcelainZ) {
  const parts = String(porcelainZ).split('\0').filter(Boolean);
  const paths = [];
  for (let i = 0; i < parts.length; i++) {
    const xy = parts[i].slice(0, 2);
    paths.push(parts[i].slice(3));
    if (/[RC]/.test(xy) && i + 1 < parts.length) paths.push(parts[++i]);
  }
  return [...new Set(paths)].sort();
}

function gitState() {
  const status = git(['status', '--porcelain', '-z', '--untracked-files=no', '--', '.', ':(exclude)data']);
  const head = git(['rev-parse', 'HEAD']);
  const changed = status === null ? null : changedPaths(status);
  return { commit: head === null ? null : head.trim(), dirty: changed === null ? null : changed.length > 0, changed };
}

// What a child process of the benchmark runs, or decides what it runs: the
// variants and their fakes, the harness and its libraries, the dependencies.
const MEASURED_CODE = [/^examples\//, /^scripts\//, /^package(-lock)?\.json$/];

// Whether a recorded git state ({commit, dirty, changed}) says the measured
// code differed from its commit: true or false, or null when it cannot say
// (dirty, recorded before the changed paths were kept).
function measuredCodeChanged(state) {
  if (!state || !state.dirty) return false;
  if (!Array.isArray(state.changed)) return null;
  return state.changed.some((p) => MEASURED_CODE.some((re) => re.test(p)));
}

module.exports = { gitState, changedPaths, measuredCodeChanged, MEASURED_CODE };
