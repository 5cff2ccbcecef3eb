'use strict';
// scripts/lib/args.js, the one command-line parser of the entry points: how
// node:util parseArgs' errors read to a user, and the value rule ("the word
// after an option that takes a value is its value unless it is an option").

const test = require('node:test');
const assert = require('node:assert/strict');
const { parseCommandLine, decimal, UsageError } = require('../../scripts/lib/args');

const OPTIONS = { n: { type: 'string' }, out: { type: 'string' }, quick: { type: 'boolean' } };

test('values, flags and --help', () => {
  const r = parseCommandLine(['--n', '5', '--out=x.json', '--quick'], { options: OPTIONS });
  assert.deepEqual({ ...r.values }, { n: '5', out: 'x.json', quick: true });
  assert.equal(r.help, false);
  assert.equal(parseCommandLine(['--help'], { options: OPTIONS }).help, true);
});

test('an unknown option is a UsageError naming it', () => {
  assert.throws(() => parseCommandLine(['--frob'], { options: OPTIONS }), (err) => err instanceof UsageError && err.message === 'unknown argument "--frob"');
});

test('a missing value names the option, also when another option follows', () => {
  assert.throws(() => parseCommandLine(['--out'], { options: OPTIONS }), /^UsageError: --out needs a value$/);
  assert.throws(() => parseCommandLine(['--out', '--quick'], { options: OPTIONS }), /--out needs a value/);
});

test('a value may start with a dash, so a negative number reaches its own check', () => {
  const r = parseCommandLine(['--n', '-1'], { options: OPTIONS });
  assert.equal(r.values.n, '-1');
  assert.throws(() => decimal('--n', r.values.n, { integer: true, min: 1 }), /--n: expected a decimal integer >= 1, got "-1"/);
});

test('positionals only where allowed; "--" ends the options', () => {
  assert.throws(() => parseCommandLine(['a.js'], { options: OPTIONS }), /unknown argument "a.js"/);
  const r = parseCommandLine(['--quick', '--', '--n'], { options: OPTIONS, positionals: true });
  assert.deepEqual(r.positionals, ['--n']);
});

test('a flag given a value is refused, naming it', () => {
  assert.throws(() => parseCommandLine(['--quick=yes'], { options: OPTIONS }), /--quick takes no value/);
});

// Issue 26: the kind of a parse error comes from its `code`, never from the
// words of Node's message, which may change between Node versions.
test('parse errors are told apart by their code: the same UsageErrors whatever Node\'s message says', (t) => {
  const util = require('node:util');
  const parseArgs = util.parseArgs;
  t.mock.method(util, 'parseArgs', (config) => {
    try {
      return parseArgs(config);
    } catch (err) {
      if (!err.code) throw err;
      throw Object.assign(new TypeError('eine andere Meldung'), { code: err.code });
    }
  });
  assert.throws(() => parseCommandLine(['--frob'], { options: OPTIONS }), { message: 'unknown argument "--frob"' });
  assert.throws(() => parseCommandLine(['--out'], { options: OPTIONS }), { message: '--out needs a value' });
  assert.throws(() => parseCommandLine(['--quick=yes'], { options: OPTIONS }), { message: '--quick takes no value' });
  assert.throws(() => parseCommandLine(['a.js'], { options: OPTIONS }), { message: 'unknown argument "a.js"' });
});
