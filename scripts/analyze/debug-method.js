// The method block of data/debuggability.json: the words live in
// debuggability-method.json, the figures of this run are filled in here.
'use strict';
const { WAYS } = require('./debug-runs');
const { DEFAULT_STACK_LIMIT } = require('./stack-score');
const TEXT = require('./debuggability-method.json');

function debugMethod({ cost, costN, costDelay, costReps }, stackLimit) {
  const fill = (template) => template.replace(/\{(\w+)\}/g, (m, k) => String({ costN, costDelay, costReps }[k]));
  return {
    ...TEXT.method,
    ways: Object.fromEntries(WAYS.map((w) => [w.id, { op: w.fail.op, how: w.fail.how, scored: !!w.level2013, inScore: !!w.scored, what: w.what }])),
    stackTraceLimit: stackLimit,
    defaultStackTraceLimit: DEFAULT_STACK_LIMIT,
    switchCost: cost ? fill(TEXT.switchCostMeasured) : TEXT.switchCostNotMeasured,
  };
}

module.exports = { debugMethod };
