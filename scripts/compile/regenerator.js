// regenerator: ES6 generators to ES5 state machines, with its runtime
// inlined (--include-runtime), so the output needs no package at run time.
'use strict';
const fs = require('node:fs');
const { CompileError } = require('./errors');

function compile({ source, output }) {
  const regenerator = require('regenerator');
  let code;
  try {
    code = regenerator.compile(fs.readFileSync(source, 'utf8'), { includeRuntime: true }).code;
  } catch (err) {
    // Babel's parser puts the position in err.loc and "(line:col)" in the message.
    const line = err.loc ? err.loc.line : null;
    const message = String(err.message).split('\n')[0].replace(/^unknown: /, '').replace(/ \(\d+:\d+\)$/, '');
    throw new CompileError(source, line, err.loc ? `${message} (column ${err.loc.column + 1})` : message);
  }
  fs.writeFileSync(output, code);
}

module.exports = { tool: 'regenerator', package: 'regenerator', modes: [null], compile };
