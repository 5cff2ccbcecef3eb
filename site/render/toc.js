'use strict';
// A page's table of contents as a nested list: each h3 under the h2 before
// it. `entries` are [{ level: 2|3, id, label (HTML) }] in page order
// (site/markdown/headings.js).
function tocHtml(entries) {
  if (!entries.length) return '';
  let out = '<ol>';
  let open = false; // inside an h3 sub-list
  entries.forEach((it, i) => {
    if (it.level === 3 && !open && i > 0) {
      out = out.replace(/<\/li>$/, '');
      out += '<ol>';
      open = true;
    } else if (it.level === 2 && open) {
      out += '</ol></li>';
      open = false;
    }
    out += `<li><a href="#${it.id}">${it.label}</a></li>`;
  });
  if (open) out += '</ol></li>';
  return out + '</ol>';
}

module.exports = { tocHtml };
