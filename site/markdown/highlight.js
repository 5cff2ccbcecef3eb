// markdown-it plugin: fenced code highlighted by highlight.js at build time,
// so readers get coloured code without any script. Only the languages the
// articles use are registered; an unknown language fails the build with file
// and line, because a typo in a fence would otherwise silently drop colours.
const hljs = require('highlight.js/lib/core');
const { locate } = require('./location');

const LANGUAGES = ['javascript', 'typescript', 'bash', 'shell', 'json', 'xml', 'css', 'diff', 'yaml', 'ini'];
for (const name of LANGUAGES) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));

// Fences with these infos (or none) are shown as plain text on purpose.
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'output']);

module.exports = function highlightPlugin(md) {
  const escape = md.utils.escapeHtml;
  md.renderer.rules.fence = (tokens, idx, options, env) => {
    const token = tokens[idx];
    const info = (token.info || '').trim();
    const lang = info.split(/\s+/)[0].toLowerCase();
    if (PLAIN.has(lang)) {
      return `<pre class="code"><code>${escape(token.content)}</code></pre>\n`;
    }
    const def = hljs.getLanguage(lang);
    if (!def) {
      const line = token.map ? token.map[0] + 1 : 1;
      throw new Error(
        `${locate(env, line, '```' + info)}: unknown code language "${lang}". ` +
          `Use one of ${LANGUAGES.join(', ')} (or their aliases), or "text" for plain output; ` +
          'to add one, register it in site/markdown/highlight.js.'
      );
    }
    const html = hljs.highlight(token.content, { language: lang, ignoreIllegals: true }).value;
    const label = escape(lang);
    return `<pre class="code" data-lang="${label}"><code class="hljs language-${label}">${html}</code></pre>\n`;
  };
};
