// Defaults and front-matter validation for every post in posts/.
//
// Front matter:  title (text), date (YYYY-MM-DD), description (text, shown on
// the home page, in the feed and in link previews), toc (true for a table of
// contents), draft (true to keep it unpublished).
const path = require('node:path');

function where(data) {
  return path.relative(process.cwd(), data.page.inputPath);
}

function checkText(data, key, problems) {
  const v = data[key];
  if (typeof v !== 'string' || v.trim() === '') {
    problems.push(`"${key}" is required and must be non-empty text (got ${JSON.stringify(v)})`);
  }
}

function checkBoolean(data, key, problems) {
  if (data[key] !== undefined && typeof data[key] !== 'boolean') {
    problems.push(`"${key}" must be true or false (got ${JSON.stringify(data[key])})`);
  }
}

// A missing date would fall back to the file's mtime, which changes with
// every checkout, so posts must state theirs.
function checkDate(data, problems) {
  const v = data.date;
  const ok =
    (v instanceof Date && !isNaN(v)) || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !isNaN(new Date(v)));
  if (!ok) problems.push(`"date" is required as YYYY-MM-DD (got ${JSON.stringify(v)})`);
}

function validatePost(data) {
  const problems = [];
  checkText(data, 'title', problems);
  checkText(data, 'description', problems);
  checkDate(data, problems);
  checkBoolean(data, 'toc', problems);
  checkBoolean(data, 'draft', problems);
  if (problems.length) {
    throw new Error(`${where(data)}: invalid front matter: ${problems.join('; ')}.`);
  }
}

module.exports = {
  layout: 'layouts/post.njk',
  permalink: '/posts/{{ page.fileSlug }}/',
  eleventyDataSchema: validatePost,
};
