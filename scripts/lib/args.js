// One command-line contract for every entry point under scripts/: --help
// prints the usage and exits 0; an unknown option or an invalid value exits 2
// with a message naming the option. Built on node:util parseArgs so the
// spelling rules (--opt value, --opt=value, -- ends options) are Node's own.
'use strict';
const util = require('node:util');

// Thrown for input the user can fix; runCli prints it and exits 2.
class UsageError extends Error {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

// Thrown for an input file the user can fix (a manifest entry, say): the
// message names the file and what is wrong; exit 2 like a usage error, with
// no pointer to --help.
class InputError extends Error {
  constructor(message) {
    super(message);
    this.name = 'InputError';
  }
}

// Node's parseArgs errors, reworded in the form our tests and users know:
// 'unknown argument "--x"' and '--x needs a value'.
function translate(err) {
  const unknown = /^Unknown option '([^']+)'/.exec(err.message);
  if (unknown) return new UsageError(`unknown argument "${unknown[1]}"`);
  const missing = /^Option '(-\w, )?(--[\w-]+)[^']*' argument (missing|is ambiguous)/.exec(err.message);
  if (missing) return new UsageError(`${missing[2]} needs a value`);
  const positional = /^Unexpected argument '([^']+)'/.exec(err.message);
  if (positional) return new UsageError(`unknown argument "${positional[1]}"`);
  const notValue = /^Option '(-\w, )?(--[\w-]+)[^']*' does not take an argument/.exec(err.message);
  if (notValue) return new UsageError(`${notValue[2]} takes no value`);
  return new UsageError(err.message);
}

// node:util refuses a value that starts with '-' ("--n -1", "--variants -x")
// as ambiguous. Ours: the word after an option that takes a value is its
// value unless it is one of the known options, so "--out --n" still reads as
// a missing value while "--n -1" reaches the number check and its message.
function joinValues(argv, options) {
  const known = new Set([...Object.keys(options), 'help'].map((o) => `--${o}`));
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const o = options[a.replace(/^--/, '')];
    if (known.has(a) && o && o.type === 'string' && i + 1 < argv.length && !known.has(argv[i + 1])) {
      out.push(`${a}=${argv[++i]}`);
    } else out.push(a);
  }
  return out;
}

// options: node:util parseArgs options ({ out: { type: 'string' }, ... });
// --help is added. Returns { help, values, positionals }.
function parseCommandLine(argv, { options = {}, positionals = false } = {}) {
  let parsed;
  try {
    parsed = util.parseArgs({
      args: joinValues(argv, options),
      options: { ...options, help: { type: 'boolean' } },
      allowPositionals: positionals,
      strict: true,
    });
  } catch (err) {
    if (err.code && err.code.startsWith('ERR_PARSE_ARGS')) throw translate(err);
    throw err;
  }
  return { help: Boolean(parsed.values.help), values: parsed.values, positionals: parsed.positionals };
}

// Decimal notation only: Number() would also take "0x10", "1e3", " 5" and
// "Infinity", none of which anyone means on a command line.
const DECIMAL = { integer: /^\d+$/, number: /^(\d+(\.\d*)?|\.\d+)$/ };

function decimal(option, value, { integer = false, min = 0, max = Infinity, above = false } = {}) {
  const x = Number(value);
  const ok = (integer ? DECIMAL.integer : DECIMAL.number).test(value) && Number.isFinite(x) &&
    (above ? x > min : x >= min) && x <= max;
  if (!ok) {
    const what = integer ? 'a decimal integer' : 'a decimal number';
    throw new UsageError(`${option}: expected ${what} ${above ? '>' : '>='} ${min}${max < Infinity ? ` and <= ${max}` : ''}, got "${value}"`);
  }
  return x;
}

// The common ending of every entry point: usage errors exit 2 with the
// command's name and a pointer to --help; anything else exits 1.
function reportFailure(name, err) {
  if (err instanceof UsageError || err.name === 'UsageError') {
    console.error(`${name}: ${err.message}\nRun with --help for the options.`);
    process.exit(2);
  }
  if (err instanceof InputError) {
    console.error(err.message.split('\n').map((line) => `${name}: ${line}`).join('\n'));
    process.exit(2);
  }
  console.error(`${name}: ${err.message}`);
  process.exit(1);
}

module.exports = { parseCommandLine, decimal, UsageError, InputError, reportFailure };
