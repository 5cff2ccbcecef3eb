'use strict';
// A strict XML well-formedness parser, small enough to read in one sitting.
// We only need to prove the feed and sitemap parse and to look inside them;
// pulling in an XML library for that would be a dependency for tests alone.
// Throws with a line number on the first error; returns the root element as
// { name, attrs, children, text }.

const NAME = /^[A-Za-z_:][\w.:-]*/;
const ENTITY = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

function parseXml(src) {
  let i = 0;
  const fail = (msg) => {
    throw new Error(`XML error at line ${src.slice(0, i).split('\n').length}: ${msg}`);
  };
  const checkText = (text, start) => {
    for (let k = 0; k < text.length; k++) {
      if (text[k] === '<') fail('raw "<" in text');
      if (text[k] === '&') {
        ENTITY.lastIndex = k;
        if (!ENTITY.test(text)) {
          i = start + k;
          fail(`bad entity near ${JSON.stringify(text.slice(k, k + 12))}`);
        }
      }
    }
  };
  const decode = (t) =>
    t.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e) =>
      ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e] ||
      String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
    );

  if (src.startsWith('<?xml')) {
    i = src.indexOf('?>');
    if (i < 0) fail('unterminated XML declaration');
    i += 2;
  }
  const stack = [];
  let root = null;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = src.slice(i, lt < 0 ? src.length : lt);
    if (stack.length) {
      checkText(text, i);
      stack[stack.length - 1].text += decode(text);
    } else if (text.trim()) fail('text outside the root element');
    if (lt < 0) break;
    i = lt;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', i)) {
      const end = src.indexOf(']]>', i);
      if (end < 0 || !stack.length) fail('bad CDATA section');
      stack[stack.length - 1].text += src.slice(i + 9, end);
      i = end + 3;
    } else if (src[i + 1] === '/') {
      const m = NAME.exec(src.slice(i + 2));
      const top = stack.pop();
      if (!m || !top || top.name !== m[0]) fail(`unexpected closing tag </${m ? m[0] : '?'}>`);
      i += 2 + m[0].length;
      const close = /^\s*>/.exec(src.slice(i));
      if (!close) fail('malformed closing tag');
      i += close[0].length;
    } else {
      const m = NAME.exec(src.slice(i + 1));
      if (!m) fail('malformed tag');
      const el = { name: m[0], attrs: {}, children: [], text: '' };
      i += 1 + m[0].length;
      for (;;) {
        const a = /^\s+([A-Za-z_:][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(src.slice(i));
        if (!a) break;
        if (a[1] in el.attrs) fail(`duplicate attribute ${a[1]}`);
        const value = a[3] !== undefined ? a[3] : a[4];
        checkText(value, i);
        el.attrs[a[1]] = decode(value);
        i += a[0].length;
      }
      const end = /^\s*(\/?)>/.exec(src.slice(i));
      if (!end) fail(`malformed start tag <${el.name}>`);
      i += end[0].length;
      if (stack.length) stack[stack.length - 1].children.push(el);
      else if (root) fail('more than one root element');
      else root = el;
      if (!end[1]) stack.push(el);
    }
  }
  if (stack.length) fail(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) fail('no root element');
  return root;
}

function findAll(el, name, out = []) {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

module.exports = { parseXml, findAll };
