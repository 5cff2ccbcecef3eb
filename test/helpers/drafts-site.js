'use strict';
// The site as a preview of drafts shows it (ASYNCBENCH_DRAFTS=1): the shared
// build in _site/ leaves drafts out, as production does. Built once per
// configuration and test run (helpers/site-builds.js) and shared, so a test
// reads it and never changes it.
const fs = require('node:fs');
const path = require('node:path');
const { siteBuild } = require('./site-builds');

function buildDraftsSite(env = {}) {
  const { ok, output, log } = siteBuild({ env: { ASYNCBENCH_DRAFTS: '1', ...env } });
  if (!ok) throw new Error(`Drafts build failed:\n${log}`);
  const file = (url) => path.join(output, url.replace(/^\//, ''), url.endsWith('/') ? 'index.html' : '');
  return {
    output,
    // A site URL (/posts/x/ or /feed.xml) -> whether the build has it.
    has: (url) => fs.existsSync(file(url)),
    read: (url) => fs.readFileSync(file(url), 'utf8'),
  };
}

// Text of an HTML fragment as a reader sees it (tags and comments removed,
// entities decoded).
function visibleText(html) {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // A formula's TeX source rides along in MathML for copy and assistive
    // tools; browsers do not render it.
    .replace(/<annotation\b[\s\S]*?<\/annotation>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
}

// The highlighted code of the <pre data-file="rel"> on a page, as plain text.
// fn: the block that shows only that function of the file (data-fn); without
// it, the block that shows the file whole.
function shownCode(html, rel, fn) {
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const attrs = fn ? `data-file="${esc(rel)}" data-fn="${esc(fn)}"` : `data-file="${esc(rel)}"(?! data-fn)`;
  const re = new RegExp(`<pre class="code"[^>]*${attrs}[^>]*><code[^>]*>([\\s\\S]*?)</code></pre>`);
  const m = re.exec(html);
  return m ? visibleText(m[1]) : null;
}

module.exports = { buildDraftsSite, visibleText, shownCode };
