// Turns a markdown-it line number into a "file:line" a human can jump to.
// markdown-it counts lines from the start of the body, after front matter, and
// Nunjucks runs first and may shift lines, so when we have the source text of
// the offending snippet we look it up in the original file instead.
const fs = require('node:fs');
const path = require('node:path');

function readSource(inputPath) {
  try {
    return fs.readFileSync(inputPath, 'utf8');
  } catch {
    return null;
  }
}

function frontMatterLines(src) {
  const m = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(src);
  return m ? m[0].split('\n').length - 1 : 0;
}

function lineOf(src, index) {
  return src.slice(0, index).split('\n').length;
}

// bodyLine is 1-based within the markdown body; snippet is optional.
function locate(env, bodyLine, snippet) {
  const inputPath = env && env.page && env.page.inputPath;
  if (!inputPath) return `(unknown file):${bodyLine}`;
  const file = path.relative(process.cwd(), inputPath) || inputPath;
  const src = readSource(inputPath);
  if (!src) return `${file}:${bodyLine}`;
  const guess = bodyLine + frontMatterLines(src);
  if (snippet) {
    // Prefer the occurrence nearest to where markdown-it thinks it is.
    let best = null;
    for (let i = src.indexOf(snippet); i >= 0; i = src.indexOf(snippet, i + 1)) {
      const line = lineOf(src, i);
      if (best === null || Math.abs(line - guess) < Math.abs(best - guess)) best = line;
    }
    if (best !== null) return `${file}:${best}`;
  }
  return `${file}:${guess}`;
}

module.exports = { locate };
