// The data tools, `npm run data -- COMMAND` (scripts/data.js): merge, split
// and rederive rewrite data files and run nothing, so they are commands of
// their own instead of modes of the benchmark. Here: each command's usage,
// its command line, and what it prints and exits with. bench.js's old flags
// (--merge, --split, --rederive) come here too for one release, after a
// notice (aliasNotice).
'use strict';
const path = require('node:path');
const { parseCommandLine, UsageError } = require('../lib/args');
const { ROOT } = require('../lib/paths');
const { WriteError } = require('../lib/atomic-write');
const { FolderError } = require('../lib/writable-folder');
const { GENERATED_BY, DataFileError } = require('./datafile');
const { JournalError } = require('./journal');
const { LockError } = require('./lock');
const { openRunStore, shown } = require('./run-store');
const { mergeShards, MergeError } = require('./merge');
const { splitFile, SplitError } = require('./split');
const { rederiveFile, RederiveError } = require('./rederive');

const DEFAULT_MERGE_OUT = path.join('data', 'perf.json');

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Every command takes `args` as its parse() returns them and `how`: { prog,
// the entry point's name for messages; as, the command as the user gave it
// ("merge", or bench's "--merge") }. Each returns the exit code.
const COMMANDS = {
  merge: {
    usage: 'merge SHARD... [--out FILE]',
    help: ['merge data files made by separate runs (one per',
      'machine or runtime) into --out, by cell key; the file',
      'there is replaced whole. Refuses shards whose harness',
      'settings or schema differ, or that both hold a cell',
      '(data/SCHEMA.md, "Shards")'],
    options: { out: { type: 'string' } },
    optionHelp: [`  --out FILE          the merged file (default ${DEFAULT_MERGE_OUT})`],
    parse(files, values) {
      if (!files.length) throw new UsageError('needs the shard files to merge (data files written by bench --out)');
      // As bench refuses it: the data file is never stdout.
      if (values.out === '-') throw new UsageError('--out -: the merged file cannot be stdout; give a file');
      return { shards: files.map((f) => path.resolve(f)), out: path.resolve(values.out || path.join(ROOT, DEFAULT_MERGE_OUT)) };
    },
    run({ shards, out }, { as }) {
      const store = openRunStore(out);
      store.checkKind('--out');
      const merged = mergeShards(shards, store, { generatedBy: GENERATED_BY, as });
      process.stdout.write(`${shown(store.file)}: ${merged.cells} cells from ${shards.length} shards (${plural(merged.hosts, 'host')})\n`);
      return 0;
    }
  },
  split: {
    usage: 'split FILE',
    help: ['write the cells of FILE (data/perf.json, every',
      'runtime in one file) as one file per runtime profile',
      'beside it, perf-<profile>.json. A file already there',
      'is refused (exit 1), the others are written',
      '(data/SCHEMA.md, "One file per runtime profile")'],
    parse: (files) => ({ file: oneFile(files, 'split') }),
    run({ file }, { prog, as }) {
      const { written, refused, unplaced } = splitFile(openRunStore(file), { generatedBy: GENERATED_BY, shown, as });
      for (const w of written) process.stdout.write(`${shown(w.file)}: ${w.cells} cells of ${w.profile} from ${plural(w.runs, 'run')}\n`);
      if (unplaced.length) process.stderr.write(`${prog}: left out of every file: the cells of ${unplaced.join(', ')} (no runtime profile)\n`);
      for (const f of refused) process.stderr.write(`${prog}: refusing to overwrite ${shown(f)}: it exists; move it away to write it from ${shown(file)}\n`);
      return refused.length ? 1 : 0;
    }
  },
  rederive: {
    usage: 'rederive FILE',
    help: ['compute every figure FILE derives from its samples',
      'again with this harness (summaries, intervals,',
      'aboveFloor) and rewrite it; for files written while a',
      'derivation was different (data/SCHEMA.md)'],
    parse: (files) => ({ file: oneFile(files, 'rederive') }),
    run({ file }) {
      const { cells } = rederiveFile(openRunStore(file), { generatedBy: GENERATED_BY });
      process.stdout.write(`${shown(file)}: the derived figures of ${cells} cells computed again\n`);
      return 0;
    }
  }
};

function oneFile(files, command) {
  if (files.length !== 1 || !files[0]) {
    throw new UsageError(files.length > 1 ? `takes one file, not ${files.length}` : `needs the file to ${command}`);
  }
  return path.resolve(files[0]);
}

const EXIT_CODES = 'Exit codes: 0 done, 1 error (a file that cannot be read, written or replaced, or a\nprofile\'s file refused by split), 2 invalid input.';
// Help lines in two columns: a command or an option, then its text from column 23.
const column = (lines) => lines.map((l) => `${' '.repeat(22)}${l}`).join('\n');
const twoColumns = (usage, lines) => (usage.length < 20 ? `  ${usage.padEnd(20)}${lines[0]}\n${column(lines.slice(1))}` : `  ${usage}\n${column(lines)}`);

const HELP = `Usage: npm run data -- COMMAND [options]
       node scripts/data.js COMMAND [options]

Rewrites the data files the benchmark writes (data/SCHEMA.md); runs nothing.

${Object.values(COMMANDS).map((c) => twoColumns(c.usage, c.help)).join('\n')}

npm run data -- COMMAND --help describes one command.
${EXIT_CODES}`;

function commandHelp(name) {
  const c = COMMANDS[name];
  return [`Usage: npm run data -- ${c.usage}`, `       node scripts/data.js ${c.usage}`, '',
    twoColumns(c.usage.split(' ')[0], c.help), ...(c.optionHelp || []), '  --help              this text', '', EXIT_CODES].join('\n');
}

// data.js's command line → { help: true, text } or { command, args }.
function parseDataArgs(argv) {
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError(`no command given; expected one of ${Object.keys(COMMANDS).join(', ')}`);
  if (name.startsWith('-')) {
    // --help, or an option before any command (refused, naming it).
    parseCommandLine(argv);
    return { help: true, text: HELP };
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"; expected one of ${Object.keys(COMMANDS).join(', ')}`);
  try {
    const { help, values, positionals } = parseCommandLine(rest, { options: command.options || {}, positionals: true });
    if (help) return { help: true, text: commandHelp(name) };
    for (const [option, value] of Object.entries(values)) {
      // An empty value is an unset shell variable, not a request for the default.
      if (value === '') throw new UsageError(`--${option} needs a non-empty value`);
    }
    return { command: name, args: command.parse(positionals, values) };
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`${name}: ${err.message}`);
    throw err;
  }
}

// Runs command `name` → its exit code. `how`: see COMMANDS.
function runCommand(name, args, how) {
  return COMMANDS[name].run(args, how);
}

// The one line bench prints before it does what an old flag did.
function aliasNotice(name) {
  return `bench: --${name} moves to npm run data -- ${COMMANDS[name].usage}; the old flag works for this release only\n`;
}

// Exit 2: input the user can fix (a command line, shards that do not fit together).
const isUsageError = (err) => err instanceof UsageError || err instanceof MergeError;
// Exit 1 with the message alone: a file that cannot be read, written or replaced.
const isKnownError = (err) => [DataFileError, JournalError, LockError, WriteError, FolderError, SplitError, RederiveError]
  .some((kind) => err instanceof kind);

module.exports = { parseDataArgs, runCommand, aliasNotice, isUsageError, isKnownError, HELP };
