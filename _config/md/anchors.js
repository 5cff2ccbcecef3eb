// markdown-it plugin: every heading gets a stable id and a "#" permalink
// (shown on hover by the stylesheet), so any section can be linked to.
// The table of contents (filters.js) reads these ids back from the HTML.
// Not Eleventy's IdAttributePlugin: its slugs match ours on every heading,
// but it adds ids in an HTML transform after the layout has rendered, so
// neither the "#" link below nor the table of contents could use them.

// Ids depend only on the heading text, so links survive edits elsewhere.
function slugify(text) {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&[a-z]+;/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

function headingText(inline) {
  return (inline.children || [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');
}

function addIds(state) {
  const used = new Map();
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok.type !== 'heading_open' || tok.attrGet('id')) continue;
    const base = slugify(headingText(tokens[i + 1]));
    const n = used.get(base) || 0;
    used.set(base, n + 1);
    tok.attrSet('id', n ? `${base}-${n + 1}` : base);
  }
}

module.exports = function anchorsPlugin(md) {
  md.core.ruler.push('heading_ids', addIds);
  md.renderer.rules.heading_close = (tokens, idx) => {
    const open = tokens[idx - 2];
    const id = open && open.attrGet('id');
    const link = id ? `<a class="anchor" href="#${id}" aria-label="Link to this section">#</a>` : '';
    return `${link}</${tokens[idx].tag}>\n`;
  };
};

module.exports.slugify = slugify;
