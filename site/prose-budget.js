'use strict';
// How long a post's running prose and its summary may be (issue 43: the main
// article had grown to 8,634 words, with no summary at its top; a summary of
// at most 200 words carries the recommendation). Written once here for `npm run prose-words`
// and the site test that holds the article to it; the words are counted by
// site/render/prose-words.js. A post without an entry has no budget.
//
//   budgetVerdict(url, { words, summaryWords }) -> null when the post has no
//     budget, else { prose, summary, ok }: prose 'ok' | 'OVER'; summary 'ok' |
//     'OVER' | 'MISSING' (a budgeted summary must be there and hold words); ok when both hold.

const MAIN_ARTICLE = '/posts/analysis-async-patterns-2013-and-now/';

const BUDGETS = {
  [MAIN_ARTICLE]: { prose: 4500, summary: 200 },
};

function budgetVerdict(url, { words, summaryWords }) {
  const budget = BUDGETS[url];
  if (!budget) return null;
  const prose = words <= budget.prose ? 'ok' : 'OVER';
  const summary = !summaryWords ? 'MISSING' : summaryWords <= budget.summary ? 'ok' : 'OVER';
  return { prose, summary, ok: prose === 'ok' && summary === 'ok' };
}

module.exports = { MAIN_ARTICLE, BUDGETS, budgetVerdict };
