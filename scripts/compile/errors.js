// A compile failure that names the source the developer wrote, so the
// message points at the line to fix rather than at the compiler's internals.
'use strict';
const path = require('node:path');

class CompileError extends Error {
  constructor(file, line, message) {
    const where = path.relative(process.cwd(), file) + (line ? `:${line}` : '');
    super(`${where}: ${message}`);
    this.name = 'CompileError';
    this.file = file;
    this.line = line || null;
    this.compilerMessage = message;
  }
}

// Compilers print errors on their own formats; this finds the first line
// that carries a position and keeps it short.
function firstLine(text) {
  return String(text).split('\n').map((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trim()).find(Boolean) || 'failed without a message';
}

module.exports = { CompileError, firstLine };
