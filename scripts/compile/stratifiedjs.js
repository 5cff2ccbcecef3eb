// StratifiedJS: `.sjs` modules, compiled by the package's own compiler (what
// its `sjs --compile` does) into JavaScript that runs on the package's
// runtime. The output loads that runtime and is otherwise the compiler's
// text, so CommonJS callers require it like any module.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { CompileError, firstLine } = require('./errors');
const { packageDir } = require('./tools');

// Runs in a child: loading stratifiedjs defines a global runtime that the
// calling process (a test, the harness) should not get as a side effect.
const COMPILE = `
require(process.argv[1]);
var fs = require('fs');
var src = fs.readFileSync(process.argv[2], 'utf8');
try {
  var js = __oni_rt.c1.compile(src, { globalReturn: true, filename: JSON.stringify(process.argv[3]).replace(/"/g, "'") });
} catch (e) { process.stderr.write(String(e.message || e)); process.exit(1); }
fs.writeFileSync(process.argv[4], js);
`;

function compile({ source, output }) {
  const name = path.relative(path.dirname(path.dirname(source)), source).split(path.sep).join('/');
  const tmp = output.replace(/\.js$/, '') + '.sjs-tmp.js';
  const run = spawnSync(process.execPath, ['-e', COMPILE, packageDir('stratifiedjs'), source, name, tmp], { encoding: 'utf8' });
  if (run.status !== 0) {
    fs.rmSync(tmp, { force: true });
    const text = run.stderr || run.stdout || '';
    // "SJS syntax error in 'file', line N: message"
    const m = /line (\d+): (.*)/.exec(text);
    if (m) throw new CompileError(source, Number(m[1]), m[2].replace(/^Error: /, ''));
    throw new CompileError(source, null, firstLine(text));
  }
  const body = fs.readFileSync(tmp, 'utf8');
  fs.rmSync(tmp, { force: true });
  // The runtime defines the global __oni_rt the compiled code runs on; the
  // compiler emits a top-level `return` (globalReturn), so the body goes in a
  // function, which keeps the output a plain ES5 script.
  fs.writeFileSync(output, "require('stratifiedjs');\n(function () {\n" + body + '\n}).call(this);\n');
}

module.exports = { tool: 'stratifiedjs', package: 'stratifiedjs', modes: [null], compile };
