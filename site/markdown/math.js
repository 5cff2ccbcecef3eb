// markdown-it plugin: TeX rendered to MathML by KaTeX at build time.
//
//   inline   $x^2$          (Pandoc's rule, so "$5 and $10" stays text)
//   inline   $[ O(n^2) ]$   (the 2013 article's delimiter; spaces inside allowed)
//   display  $$ ... $$      (on its own lines, or inline)
//
// MathML output needs no KaTeX CSS or fonts, which keeps pages light; the
// browser lays the formula out itself.
//
// Formulas are parsed into tokens first and rendered in a core rule, because
// only there do we know the line number. A formula KaTeX rejects, or a
// delimiter left open, throws with file and line: a broken formula must stop
// the build, never reach readers as raw TeX.
const katex = require('katex');
const { locate } = require('./location');

const DOLLAR = 0x24;

function isSpace(ch) {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
}

// Closing `$` for a single-dollar formula: not escaped, no space before it,
// no digit after it. Returns -1 when there is none (then `$` is literal text).
function findSingleClose(src, from) {
  for (let i = from; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '$' && !isSpace(src[i - 1]) && !/[0-9]/.test(src[i + 1] || '')) return i;
  }
  return -1;
}

function mathInline(state, silent) {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== DOLLAR) return false;
  const next = src[pos + 1];
  let open;
  let close;
  let end;
  if (next === '[' || next === '$') {
    open = next === '[' ? '$[' : '$$';
    close = next === '[' ? ']$' : '$$';
    end = src.indexOf(close, pos + 2);
  } else {
    if (next === undefined || isSpace(next)) return false;
    open = close = '$';
    end = findSingleClose(src, pos + 1);
    if (end < 0) return false;
  }
  if (silent) return true;
  const token = state.push('math_inline', 'math', 0);
  token.markup = open;
  if (end < 0) {
    // Unclosed $[ or $$: keep going so the core rule can report the line.
    token.meta = { error: `"${open}" is never closed with "${close}" (write \\$ for a literal dollar sign)`, snippet: src.slice(pos, pos + 40) };
    state.pos = src.length;
    return true;
  }
  const raw = src.slice(pos + open.length, end);
  token.content = raw.trim();
  token.meta = { display: open === '$$', snippet: open + raw + close };
  state.pos = end + close.length;
  return true;
}

function mathBlock(state, startLine, endLine, silent) {
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const firstLine = state.src.slice(start, state.eMarks[startLine]).trimEnd();
  if (!firstLine.startsWith('$$')) return false;
  const rest = firstLine.slice(2);
  let content;
  let last = startLine;
  if (rest.endsWith('$$') && rest.length >= 2) {
    content = rest.slice(0, -2);
    if (content.includes('$$')) return false; // "$$a$$ and $$b$$" is inline text
  } else {
    if (rest.includes('$$')) return false;
    const lines = [rest];
    let found = false;
    for (last = startLine + 1; last < endLine; last++) {
      const text = state.src.slice(state.bMarks[last] + state.tShift[last], state.eMarks[last]).trimEnd();
      if (text.endsWith('$$')) {
        lines.push(text.slice(0, -2));
        found = true;
        break;
      }
      lines.push(text);
    }
    if (!found) {
      if (silent) return false;
      throw new Error(`${locate(state.env, startLine + 1, firstLine)}: display math "$$" is never closed with "$$".`);
    }
    content = lines.join('\n');
  }
  if (silent) return true;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = content.trim();
  token.map = [startLine, last + 1];
  token.markup = '$$';
  token.meta = { display: true, snippet: firstLine };
  state.line = last + 1;
  return true;
}

function render(tex, display) {
  return katex.renderToString(tex, { displayMode: display, output: 'mathml', throwOnError: true, strict: 'ignore' });
}

function fail(env, line, meta, message) {
  const where = locate(env, line, meta.snippet);
  throw new Error(`${where}: cannot render math ${meta.snippet ? '`' + meta.snippet + '`' : ''}: ${message}`);
}

function renderAll(state) {
  for (const tok of state.tokens) {
    const line = tok.map ? tok.map[0] + 1 : 1;
    if (tok.type === 'math_block') {
      if (!tok.content) fail(state.env, line, tok.meta, 'the formula is empty');
      try {
        tok.meta.html = render(tok.content, true);
      } catch (err) {
        fail(state.env, line, tok.meta, err.message);
      }
    }
    if (tok.type !== 'inline' || !tok.children) continue;
    let offset = 0; // lines into the paragraph, for formulas after a line break
    for (const child of tok.children) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') offset++;
      if (child.type !== 'math_inline') continue;
      const at = line + offset;
      if (child.meta.error) fail(state.env, at, child.meta, child.meta.error);
      if (!child.content) fail(state.env, at, child.meta, 'the formula is empty');
      try {
        child.meta.html = render(child.content, child.meta.display);
      } catch (err) {
        fail(state.env, at, child.meta, err.message);
      }
    }
  }
}

module.exports = function mathPlugin(md) {
  md.inline.ruler.before('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.core.ruler.after('inline', 'math_render', renderAll);
  md.renderer.rules.math_inline = (tokens, idx) => tokens[idx].meta.html;
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-display">${tokens[idx].meta.html}</div>\n`;
};
