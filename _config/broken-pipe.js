'use strict';
// A build whose output goes to a reader that stops early (`npx eleventy 2>&1
// | head -2`) exits at once. Node ignores SIGPIPE, so a write to the closed
// pipe becomes an 'error' event; with no listener it is an uncaught
// exception, which Eleventy's handler reports by writing to the same closed
// pipe, which raises the next one: a loop at 100 % CPU. The reader asked for
// no more output, so the build stops quietly, with the status a process
// killed by SIGPIPE has (128 + 13), as `set -o pipefail` expects.
const EXIT_BROKEN_PIPE = 141;
const INSTALLED = Symbol.for('asyncbench.brokenPipeExit');

function exitOnBrokenPipe(stream) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(EXIT_BROKEN_PIPE);
    // Any other write error is the stream's usual failure.
    throw err;
  });
}

module.exports = function brokenPipe() {
  // The config is loaded again on every rebuild in watch mode: one listener each.
  if (process[INSTALLED]) return;
  process[INSTALLED] = true;
  exitOnBrokenPipe(process.stdout);
  exitOnBrokenPipe(process.stderr);
};
