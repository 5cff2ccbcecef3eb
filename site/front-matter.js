// The front matter every post must carry, as a JSON Schema checked with ajv,
// and the check posts/posts.11tydata.js hands Eleventy as eleventyDataSchema.
//
// Front matter:  title (text), date (YYYY-MM-DD), description (text, shown on
// the home page, in the feed and in link previews), toc (true for a table of
// contents), draft (true to keep it unpublished), pinned (true to lead the
// home page, site/post-order.js).
const path = require('node:path');
const Ajv = require('ajv');

const SCHEMA = {
  type: 'object',
  required: ['title', 'description', 'date'],
  properties: {
    title: { type: 'string', pattern: '\\S' },
    description: { type: 'string', pattern: '\\S' },
    // A missing date would fall back to the file's mtime, which changes with
    // every checkout, so posts must state theirs. YAML gives a Date; a
    // quoted date stays a string.
    date: { calendarDate: true },
    toc: { type: 'boolean' },
    draft: { type: 'boolean' },
    pinned: { type: 'boolean' },
  },
};

// JSON Schema has no type for a Date object, hence one keyword of our own.
function isCalendarDate(v) {
  return (v instanceof Date && !isNaN(v)) || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !isNaN(new Date(v)));
}

const ajv = new Ajv({ allErrors: true });
ajv.addKeyword({ keyword: 'calendarDate', schemaType: 'boolean', validate: (want, v) => !want || isCalendarDate(v) });
const check = ajv.compile(SCHEMA);

// What an author reads for each key, whatever the schema keyword that failed.
const EXPECTED = {
  title: 'is required and must be non-empty text',
  description: 'is required and must be non-empty text',
  date: 'is required as YYYY-MM-DD',
  toc: 'must be true or false',
  draft: 'must be true or false',
  pinned: 'must be true or false',
};

// ajv reports a missing key on the object and a bad one at its path.
const keyOf = (e) => (e.keyword === 'required' ? e.params.missingProperty : e.instancePath.split('/')[1]);

function validatePost(data) {
  if (check(data)) return;
  const bad = new Set(check.errors.map(keyOf));
  const problems = Object.keys(EXPECTED)
    .filter((key) => bad.has(key))
    .map((key) => `"${key}" ${EXPECTED[key]} (got ${JSON.stringify(data[key])})`);
  const where = path.relative(process.cwd(), data.page.inputPath);
  throw new Error(`${where}: invalid front matter: ${problems.join('; ')}.`);
}

module.exports = { SCHEMA, validatePost };
