// The commit a data file was measured at, and whether the code differed from
// it. data/ is left out of "dirty": it holds the outputs, and a run that
// merges into a data file a previous run just wrote is still measuring the
// committed code.
'use strict';
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const { ROOT } = require('./paths');

function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null; // not a checkout (e.g. an unpacked tarball): say so with null
  }
}

function gitState() {
  const status = git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)data']);
  return { commit: git(['rev-parse', 'HEAD']), dirty: status === null ? null : status.length > 0 };
}

module.exports = { gitState };
