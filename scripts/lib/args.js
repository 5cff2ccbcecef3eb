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

// options: node:util parseArgs options ({ out: { type: 'string' }, ... });
// --help is added. Returns { help, values, positionals }.
function parseCommandLine(argv, { options = {}, positionals = false } = {}) {
  let parsed;
  try {
    parsed = util.parseArgs({
      args: argv,
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
  console.error(`${name}: ${err.message}`);
  process.exit(1);
}

module.exports = { parseCommandLine, decimal, UsageError, reportFailure };
