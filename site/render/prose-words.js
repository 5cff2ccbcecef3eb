'use strict';
// How many words of running prose a built post page holds (issue 43): what a
// reader reads through, not what they look at or open. Counted are the
// paragraphs and list items of the post's body (<div class="prose">,
// _includes/layouts/post.njk), each once however they nest. Left out, with
// everything inside them: figures (charts, data tables, the runner of
// site/render/browser-runner-html.js), tables, code blocks (<pre>, and the
// "File: ..." line under a sample, site/render/code-sample.js; inline <code>
// in a sentence is read, so it counts), <details> panels, a <nav>
// (the table of contents, site/render/toc.js), the traces of
// site/prose/compare.js, and the page's header, lede and footer, which sit
// outside the body. A formula counts as one word, as in the reading time
// (site/render/prose-only.js).
//
// The summary is the section from the h2 with id "in-short" to the next h2;
// its words are counted the same way and are part of the prose.
//
//   proseWords(html) -> { words, summaryWords (null without an "in-short" h2),
//                         sections: the body's h2 ids, in page order }
//   countWords(text) -> the words of a text: runs of non-space characters
//                       that hold a letter or a digit ("1.4×" and "µs" are
//                       words, a lone "—" is not)
const { parseDocument } = require('htmlparser2');

const SUMMARY_ID = 'in-short';

// Elements left out whole, by name and by class.
const SKIPPED_TAGS = new Set(['figure', 'table', 'pre', 'details', 'nav', 'script', 'style', 'template']);
const SKIPPED_CLASSES = ['trace', 'runner-figure', 'code-file'];
// Elements that sit inside a sentence: their edges part no words
// ("<em>un</em>broken" is one word). Any other element's edges do.
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);
// What a formula stands for in the text of a block: one word, glued to the
// punctuation around it as the formula is.
const FORMULA = 'formula';

class NoProseBodyError extends Error {
  constructor() {
    super('prose-words: the page has no post body (<div class="prose">, _includes/layouts/post.njk); count a post page, or a page laid out as one');
    this.name = 'NoProseBodyError';
    this.code = 'ENOPROSEBODY';
  }
}

const countWords = (text) => String(text).split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

const isElement = (node) => node.type === 'tag' || node.type === 'script' || node.type === 'style';
const classesOf = (el) => (el.attribs.class || '').split(/\s+/);
const skipped = (el) => SKIPPED_TAGS.has(el.name) || classesOf(el).some((c) => SKIPPED_CLASSES.includes(c));

function findBody(nodes) {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (node.name === 'div' && classesOf(node).includes('prose')) return node;
    const found = findBody(node.children);
    if (found) return found;
  }
  return null;
}

function proseWords(html) {
  const body = findBody(parseDocument(String(html)).children);
  if (!body) throw new NoProseBodyError();
  const sections = [];
  const blocks = []; // { section, words }: one per outermost paragraph or list item
  let section = null;
  let text = null; // the text of the block being read, or null between blocks

  function walk(nodes) {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (text !== null) text += node.data;
      } else if (isElement(node)) {
        visit(node);
      }
    }
  }

  function visit(el) {
    if (skipped(el)) {
      if (text !== null) text += ' ';
    } else if (el.name === 'math') {
      if (text !== null) text += FORMULA;
    } else if (el.name === 'h2' && text === null) {
      section = el.attribs.id || null;
      sections.push(section);
    } else if ((el.name === 'p' || el.name === 'li') && text === null) {
      text = '';
      walk(el.children);
      blocks.push({ section, words: countWords(text) });
      text = null;
    } else if (text !== null && !INLINE.has(el.name)) {
      text += ' ';
      walk(el.children);
      text += ' ';
    } else {
      walk(el.children);
    }
  }

  walk(body.children);
  const sum = (list) => list.reduce((n, b) => n + b.words, 0);
  return {
    words: sum(blocks),
    summaryWords: sections.includes(SUMMARY_ID) ? sum(blocks.filter((b) => b.section === SUMMARY_ID)) : null,
    sections,
  };
}

module.exports = { proseWords, countWords, NoProseBodyError, SUMMARY_ID };
