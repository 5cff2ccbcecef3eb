'use strict';
// A post's prose without its figures: what a reading-time estimate counts and
// what a feed entry carries. Every chart and data table is a <figure> (with a
// data table inside, and the chart's JSON when it is inline,
// site/render/chart-html.js); markdown may add a bare <table>. A reader reads paragraphs, lists, headings, formulas
// and code blocks; a table or a chart is looked at, not read word by word,
// and in a feed it is hundreds of kilobytes a feed reader cannot draw.
//
//   proseOnly(html)                  the HTML with every figure, table and script removed
//   proseOnly(html, (f) => '...')    each removed one replaced by what the callback returns,
//                                    f = { kind: 'chart'|'table'|'figure', id, caption }
//   feedProse(html, pageUrl)         proseOnly with a link to each figure on the page

// The elements taken out whole, with whatever they hold.
const BLOCK = /<(\/?)(figure|table|script)\b[^>]*>/gi;

// Where each outermost figure, table or script starts and ends. A script's
// content is skipped to its end tag: it is data, not markup.
function blocks(html) {
  const lower = html.toLowerCase();
  const found = [];
  const stack = [];
  BLOCK.lastIndex = 0;
  let m;
  while ((m = BLOCK.exec(html))) {
    const [tag, closing, rawName] = m;
    const name = rawName.toLowerCase();
    if (!closing && name === 'script') {
      const end = lower.indexOf('</script>', BLOCK.lastIndex);
      const stop = end < 0 ? html.length : end + '</script>'.length;
      if (!stack.length) found.push({ start: m.index, end: stop, open: tag });
      BLOCK.lastIndex = stop;
    } else if (!closing) {
      stack.push({ name, start: m.index, open: tag });
    } else if (stack.length && stack[stack.length - 1].name === name) {
      const top = stack.pop();
      if (!stack.length) found.push({ start: top.start, end: BLOCK.lastIndex, open: top.open });
    }
    // A stray end tag is left where it is: the page's own markup is the page's business.
  }
  return found;
}

// A figure's kind, id and caption text (the "#" permalink left out).
function describe(html, open) {
  const cls = (/\bclass="([^"]*)"/.exec(open) || [])[1] || '';
  const kind = /^<table/i.test(open) ? 'table' : /\bdata-table\b/.test(cls) ? 'table' : /\bchart\b/.test(cls) ? 'chart' : 'figure';
  const id = (/\bid="([^"]*)"/.exec(open) || [])[1] || null;
  const cap = /<(figcaption|caption)\b[^>]*>([\s\S]*?)<\/\1>/i.exec(html);
  const caption = cap
    ? cap[2].replace(/<a\b[^>]*class="chart-permalink"[^>]*>[\s\S]*?<\/a>/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim()
    : '';
  return { kind, id, caption };
}

function proseOnly(html, replace = () => '') {
  const text = String(html);
  let out = '';
  let at = 0;
  for (const b of blocks(text)) {
    if (b.open.toLowerCase().startsWith('<script')) out += text.slice(at, b.start);
    else out += text.slice(at, b.start) + replace(describe(text.slice(b.start, b.end), b.open));
    at = b.end;
  }
  // A table's scrolling box, left empty (site/render/chart-html.js).
  return (out + text.slice(at)).replace(/<div class="table-scroll">\s*<\/div>/g, '');
}

const KIND_WORDS = { chart: 'Chart', table: 'Table', figure: 'Figure' };
const MAX_CAPTION = 160;

// A caption in a feed is a pointer, not the figure: its first words.
function shortCaption(caption) {
  if (caption.length <= MAX_CAPTION) return caption;
  const cut = caption.slice(0, MAX_CAPTION);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

// For the feed: each figure becomes one line linking to it on the page, so
// a reader of the feed knows it is there and can open it.
function feedProse(html, pageUrl) {
  return proseOnly(html, ({ kind, id, caption }) => {
    const href = id ? `${pageUrl}#${id}` : pageUrl;
    const words = caption ? `${KIND_WORDS[kind]}: ${shortCaption(caption)}` : `${KIND_WORDS[kind]} on the page`;
    return `<p><a href="${href}">${words}</a></p>`;
  });
}

module.exports = { proseOnly, feedProse };
