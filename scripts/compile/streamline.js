// streamline.js: `._js` sources, where `_` marks each asynchronous call. One
// source can yield a callbacks-mode and a generators-mode output
// (compile.mode), through the package's own `_node -c`, the way projects
// built it. Version 0.10 is used: its callbacks mode emits plain
// continuation-passing code that hands errors on unchanged, as in 2013.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { CompileError, firstLine } = require('./errors');
const { packageDir } = require('./tools');

const MODES = ['callbacks', 'generators'];

function compile({ source, output, mode }) {
  if (!MODES.includes(mode)) throw new CompileError(source, null, `streamline mode must be one of ${MODES.join(', ')}, got "${mode}"`);
  // _node -c writes <name>.js beside its source, so it compiles a copy in a
  // temporary folder and the result moves to the variant's output name.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-streamline-'));
  try {
    const bin = path.join(packageDir('streamline'), 'bin', '_node');
    const copy = path.join(tmp, path.basename(source));
    fs.copyFileSync(source, copy);
    const flags = mode === 'generators' ? ['--generators'] : [];
    const run = spawnSync(process.execPath, [bin, ...flags, '-c', copy], { encoding: 'utf8', cwd: tmp });
    const produced = copy.replace(/\._js$/, '.js');
    if (run.status !== 0 || !fs.existsSync(produced)) {
      const text = (run.stderr || '') + (run.stdout || '');
      // streamline 0.10 reports "error streamlining x._js: x._js:LINE:message on line LINE".
      const m = /error streamlining [^:\n]+: [^:\n]+:(\d+):(.*?)(?: on line \d+)?$/m.exec(text);
      if (m) throw new CompileError(source, Number(m[1]), m[2].trim());
      throw new CompileError(source, null, firstLine(text.split('\n').filter((l) => !/\[STREAMLINE\]/.test(l)).join('\n')));
    }
    fs.copyFileSync(produced, output);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

module.exports = { tool: 'streamline', package: 'streamline', modes: MODES, compile };
