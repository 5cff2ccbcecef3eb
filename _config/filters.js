// Template filters: dates, reading time and the table of contents.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// Dates are read and printed in UTC: a front-matter date has no time zone,
// and a build in another zone must not move a post to the previous day.
function isoDate(d) {
  return new Date(d).toISOString().slice(0, 10);
}

function readableDate(d) {
  const date = new Date(d);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

// Code and formulas are read at a different pace than prose; counting only
// the prose keeps the estimate honest for code-heavy articles.
function readingTime(html) {
  const prose = String(html)
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<math[\s\S]*?<\/math>/g, ' x ')
    .replace(/<[^>]+>/g, ' ');
  const words = prose.split(/\s+/).filter((w) => /\w/.test(w)).length;
  return `${Math.max(1, Math.round(words / 220))} min read`;
}

// Builds a nested list of h2/h3 links from the rendered post. It relies on
// the ids and "#" anchors that _config/md/anchors.js adds.
function toc(html) {
  const items = [];
  const re = /<h([23]) id="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;
  let m;
  while ((m = re.exec(String(html)))) {
    const label = m[3]
      .replace(/<a class="anchor"[\s\S]*?<\/a>/, '')
      .replace(/<\/?a\b[^>]*>/g, '')
      .trim();
    items.push({ level: Number(m[1]), id: m[2], label });
  }
  if (!items.length) return '';
  let out = '<ol>';
  let open = false; // inside an h3 sub-list
  items.forEach((it, i) => {
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

module.exports = function (eleventyConfig) {
  eleventyConfig.addFilter('isoDate', isoDate);
  eleventyConfig.addFilter('readableDate', readableDate);
  eleventyConfig.addFilter('readingTime', readingTime);
  eleventyConfig.addFilter('toc', toc);
};

module.exports.helpers = { isoDate, readableDate, readingTime, toc };
