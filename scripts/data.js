#!/usr/bin/env node
// The data tools (`npm run data -- COMMAND`): merge, split and rederive
// rewrite the data files the benchmark wrote and run nothing
// (harness/data-commands.js). Kept apart from the benchmark's runner,
// bench.js, as Node's own benchmark/ keeps compare.js apart from run.js.
'use strict';
const { parseDataArgs, runCommand, isUsageError, isKnownError } = require('./harness/data-commands');

function main(argv) {
  const opts = parseDataArgs(argv);
  if (opts.help) {
    process.stdout.write(opts.text + '\n');
    return 0;
  }
  return runCommand(opts.command, opts.args, { prog: 'data', as: opts.command });
}

if (require.main === module) {
  // `npm run data -- --help | head` closes the pipe early: not an error.
  process.stdout.on('error', (err) => { if (err.code === 'EPIPE') process.exit(0); throw err; });
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    const usage = isUsageError(err);
    const hint = err.name === 'UsageError' ? '\nRun with --help for the options.' : '';
    process.stderr.write(`data: ${usage || isKnownError(err) ? err.message + hint : err.stack}\n`);
    process.exitCode = usage ? 2 : 1;
  }
}

module.exports = { main };
