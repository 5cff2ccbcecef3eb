// Traceur: ES6 generators to ES5, as the 2013 article ran them on node
// without --harmony. The output needs traceur's runtime loaded first, so the
// build prepends its require; nothing else is added to what traceur emits.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { CompileError, firstLine } = require('./errors');
const { packageDir } = require('./tools');

function compile({ source, output }) {
  const bin = path.join(packageDir('traceur'), 'traceur');
  // traceur takes an --out name without a .js ending for a folder.
  const tmp = output.replace(/\.js$/, '') + '.traceur-tmp.js';
  const run = spawnSync(process.execPath, [bin, '--out', tmp, '--script', source], { encoding: 'utf8' });
  if (run.status !== 0) {
    fs.rmSync(tmp, { force: true });
    const text = (run.stderr || '') + (run.stdout || '');
    // traceur reports "/abs/file.js:line:col: message".
    const m = /:(\d+):(\d+): (.*)/.exec(text);
    if (m) throw new CompileError(source, Number(m[1]), `${m[3]} (column ${m[2]})`);
    throw new CompileError(source, null, firstLine(text));
  }
  const body = fs.readFileSync(tmp, 'utf8');
  fs.rmSync(tmp, { force: true });
  fs.writeFileSync(output, "require('traceur/bin/traceur-runtime.js');\n" + body);
}

module.exports = { tool: 'traceur', package: 'traceur', modes: [null], compile };
