'use strict';
// The reading and argument checks the chains, delegation and streamline-modes
// models share (site/lib/measured.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { scenarioData } = require('../../site/lib/measured');
const { DataCheckError } = require('../../site/lib/data-files');

const failing = (name, kind, message) => () => {
  throw new DataCheckError([{ name, shown: `data/${name}.json`, problems: [{ kind, path: null, message }] }], false);
};

test('a data file that does not exist yet reads as null; any other problem stops the build', () => {
  const { measured } = scenarioData('streamline-modes');
  assert.equal(measured(failing('streamline-modes', 'missing', 'missing; the site draws from it')), null);
  assert.throws(() => measured(failing('streamline-modes', 'invalid', 'must be object')), /streamline-modes\.json: must be object/);
  // Another file missing is not this one being unmeasured.
  assert.throws(() => measured(failing('chains', 'missing', 'missing; the site draws from it')), /chains\.json: missing/);
  const hit = { data: {} };
  assert.equal(measured((name) => (name === 'streamline-modes' ? hit : null)), hit);
});

test('a reworded message changes nothing: a missing file is told by the error\'s problems, not by the words of its message (issue 26)', () => {
  const { measured } = scenarioData('chains');
  const reworded = (kind) => () => {
    const err = new DataCheckError([{ name: 'chains', shown: 'data/chains.json', problems: [{ kind, path: null, message: 'x' }] }], false);
    err.message = 'the wording of a message may change';
    throw err;
  };
  assert.equal(measured(reworded('missing')), null);
  assert.throws(() => measured(reworded('unreadable')), /the wording of a message may change/);
});

test('a missing file is told by the kind of its problem, whatever the message says', () => {
  const { measured } = scenarioData('chains');
  assert.equal(measured(failing('chains', 'missing', 'is not there yet')), null);
  // A message that reads like "missing" does not make an invalid file one.
  assert.throws(() => measured(failing('chains', 'invalid', 'missing; $.cells[0].time')), /chains\.json: missing; \$\.cells/);
});

test('option returns the table entry or names the argument, the file and the choices', () => {
  const { option } = scenarioData('delegation');
  assert.equal(option('a', { a: 1, b: 2 }, 'metric'), 1);
  assert.throws(() => option('c', { a: 1, b: 2 }, 'metric'), { message: 'charts: unknown metric "c" for delegation; use one of a, b.' });
});
