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

// Node's parseArgs errors, in the form our tests and users know:
// 'unknown argument "--x"', '--x needs a value', '--x takes no value'. The
// error's `code` says which kind it is; which argument it is comes from the
// parser's own tokens of the same arguments (Node's message is for people,
// and its wording is not an interface).
function translate(err, args, options) {
  const { tokens } = util.parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const opts = tokens.filter((t) => t.kind === 'option');
  const typeOf = (t) => options[t.name] && options[t.name].type;
  let token;
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      token = opts.find((t) => !typeOf(t));
      if (token) return new UsageError(`unknown argument "${token.rawName}"`);
      break;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      token = tokens.find((t) => t.kind === 'positional');
      if (token) return new UsageError(`unknown argument "${token.value}"`);
      break;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      token = opts.find((t) => typeOf(t) === 'boolean' && t.value !== undefined);
      if (token) return new UsageError(`${token.rawName} takes no value`);
      // A missing value, or one Node finds ambiguous (it starts with '-').
      token = opts.find((t) => typeOf(t) === 'string' && (t.value === undefined || !t.inlineValue && t.value.startsWith('-')));
      if (token) return new UsageError(`${token.rawName} needs a value`);
      break;
    default:
  }
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
  const args = joinValues(argv, options);
  const all = { ...options, help: { type: 'boolean' } };
  try {
    parsed = util.parseArgs({ args, options: all, allowPositionals: positionals, strict: true });
  } catch (err) {
    if (err.code && err.code.startsWith('ERR_PARSE_ARGS')) throw translate(err, args, all);
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

// A TCP port, from the command line (--port) or the environment (PORT)
// alike: decimal, 0 (any free port) to 65535. One check for both, so PORT
// cannot mean a port --port refuses (PORT=0x50 was port 80, PORT=abc 8080).
function port(name, value) {
  return decimal(name, value, { integer: true, max: 65535 });
}

// The port both servers (scripts/serve.js, npm start's dev server) take when
// PORT is unset or empty.
const DEFAULT_PORT = 8080;

// PORT from `env`, checked by port(); DEFAULT_PORT when unset or empty.
function portFromEnv(env = process.env) {
  return env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : port('PORT', env.PORT);
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

module.exports = { parseCommandLine, decimal, port, portFromEnv, DEFAULT_PORT, UsageError, InputError, reportFailure };
