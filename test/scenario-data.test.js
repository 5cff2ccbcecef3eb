'use strict';
// The reading and argument checks the chains, delegation and streamline-modes
// charts share (_config/scenario-data.js).
const test = require('node:test');
const assert = require('node:assert/strict');
const { scenarioData } = require('../_config/scenario-data');
const { DataCheckError } = require('../_config/data-files');

const failing = (shown, kind, message) => () => {
  throw new DataCheckError([{ name: shown.replace(/^data\/|\.json$/g, ''), shown, problems: [{ kind, path: null, message }] }], false);
};

test('a data file that does not exist yet reads as null; any other problem stops the build', () => {
  const { measured } = scenarioData('streamline-modes');
  assert.equal(measured(failing('data/streamline-modes.json', 'missing', 'missing; the site draws from it')), null);
  assert.throws(() => measured(failing('data/streamline-modes.json', 'invalid', 'must be object')), /streamline-modes\.json: must be object/);
  // Another file missing is not this one being unmeasured.
  assert.throws(() => measured(failing('data/chains.json', 'missing', 'missing; the site draws from it')), /chains\.json: missing/);
  const hit = { data: {} };
  assert.equal(measured((name) => (name === 'streamline-modes' ? hit : null)), hit);
});

test('a missing file is told by the error\'s problems, not by the words of its message (issue 26)', () => {
  const { measured } = scenarioData('chains');
  const reworded = (kind) => () => {
    const err = new DataCheckError([{ name: 'chains', shown: 'data/chains.json', problems: [{ kind, path: null, message: 'x' }] }], false);
    err.message = 'the wording of a message may change';
    throw err;
  };
  assert.equal(measured(reworded('missing')), null);
  assert.throws(() => measured(reworded('unreadable')), /the wording of a message may change/);
});

test('option returns the table entry or names the argument, the file and the choices', () => {
  const { option } = scenarioData('delegation');
  assert.equal(option('a', { a: 1, b: 2 }, 'metric'), 1);
  assert.throws(() => option('c', { a: 1, b: 2 }, 'metric'), { message: 'charts: unknown metric "c" for delegation; use one of a, b.' });
});
