// Prints the running prose of every post page of a built site, in words, and
// holds each post that has a budget to it (issue 43; the budgets are in
// site/prose-budget.js, the counting rule in site/render/prose-words.js).
// Builds nothing: it reads the site as `npm run build` left it.
//
//   npm run prose-words [-- --site DIR]
//
// Exit 0 when every budgeted post is within its budget, 1 when one is over
// (or lacks its summary) or there is no built site, 2 on a usage error.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { proseWords, SUMMARY_ID } = require('../site/render/prose-words');
const { BUDGETS, budgetVerdict } = require('../site/prose-budget');
const { SITE } = require('./lib/paths');
const { formatTable } = require('./lib/table');
const { parseCommandLine, UsageError, reportFailure } = require('./lib/args');

const HELP = `Usage: npm run prose-words [-- --site DIR]

Words of running prose (paragraphs and list items outside figures, tables,
code, details and the table of contents) and of the summary (the section
under the h2 "in-short") of every post page, against each post's budget.

  --site DIR    the built site to read (default _site; run npm run build first)
  --help        this text`;

function parseArgs(argv) {
  const { help, values } = parseCommandLine(argv, { options: { site: { type: 'string' } } });
  if (help) return { help: true };
  if (values.site === '') throw new UsageError('--site needs a folder');
  return { site: values.site ? path.resolve(values.site) : SITE };
}

// A folder as the reader typed it: relative to here when inside, else whole.
function shown(dir) {
  const rel = path.relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : dir;
}

// [{ url, html }] for every post page of the build, in URL order.
function postPages(site) {
  const posts = path.join(site, 'posts');
  const dirs = fs.existsSync(posts) ? fs.readdirSync(posts, { withFileTypes: true }).filter((e) => e.isDirectory()) : [];
  const pages = dirs.map((e) => ({ url: `/posts/${e.name}/`, file: path.join(posts, e.name, 'index.html') }))
    .filter((p) => fs.existsSync(p.file));
  if (!pages.length) throw new Error(`no built post pages in ${shown(path.join(site, 'posts'))}/; run npm run build first`);
  return pages.sort((a, b) => a.url.localeCompare(b.url)).map((p) => ({ url: p.url, html: fs.readFileSync(p.file, 'utf8') }));
}

// What a budgeted post must change, in one line.
function problem(url, counts, verdict, budget) {
  const parts = [];
  if (verdict.prose === 'OVER') parts.push(`its running prose is ${n(counts.words)} words, over ${n(budget.prose)}`);
  if (verdict.summary === 'OVER') parts.push(`its summary is ${n(counts.summaryWords)} words, over ${n(budget.summary)}`);
  if (verdict.summary === 'MISSING') parts.push(`it has no summary (an h2 with the id "${SUMMARY_ID}" and up to ${n(budget.summary)} words under it)`);
  return `${url}: ${parts.join('; ')}`;
}

const n = (v) => (v === null ? 'none' : v.toLocaleString('en-GB'));

function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) {
    console.log(HELP);
    return;
  }
  const rows = [];
  const problems = [];
  for (const { url, html } of postPages(opts.site)) {
    const counts = proseWords(html);
    const verdict = budgetVerdict(url, counts);
    const budget = BUDGETS[url];
    if (verdict && !verdict.ok) problems.push(problem(url, counts, verdict, budget));
    rows.push([
      url,
      n(counts.words), budget ? n(budget.prose) : '–', verdict ? verdict.prose : '',
      n(counts.summaryWords), budget ? n(budget.summary) : '–', verdict ? verdict.summary : '',
    ]);
  }
  console.log(formatTable(['page', 'prose', 'budget', 'verdict', 'summary', 'budget', 'verdict'], rows, { left: [0, 3, 6] }));
  for (const line of problems) console.error(`prose-words: ${line}`);
  if (problems.length) process.exitCode = 1;
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    reportFailure('prose-words', err);
  }
}

module.exports = { parseArgs };
