/* What a reader's run can say once it ends: which pairs of styles it ranks.
The rule is the site's (site/prose/compare.js): two styles are ranked when
the 95 % intervals of their warm medians are apart, and cannot be told
apart when they overlap; a style without an interval (too few steady
repetitions) is ranked against none. Written as a short paragraph and lists
under the results table (index.js), in the names the table uses. */
'use strict';

// rows: figures.rows() of a finished run; needed: the repetitions a median
// interval needs (figures.fewestForInterval()) →
// { styles, pairs, apart: [{ faster, slower, ratio }], overlap: [{ a, b }],
//   unranked: [{ row, why }] }, rows in the order given.
function verdict(rows, needed) {
  var ranked = [], unranked = [];
  rows.forEach(function (r) {
    if (r.status === 'failed') unranked.push({ row: r, why: 'failed its conformance check' });
    else if (!r.warm || r.warm.value === null) unranked.push({ row: r, why: r.reps ? 'no repetition gave a warm figure' : 'no repetition finished' });
    else if (!r.warm.ci) unranked.push({ row: r, why: r.warm.count + ' steady ' + (r.warm.count === 1 ? 'repetition' : 'repetitions') + ' of the ' + needed + ' an interval needs' });
    else ranked.push(r);
  });
  var apart = [], overlap = [];
  for (var i = 0; i < ranked.length; i++) {
    for (var j = i + 1; j < ranked.length; j++) {
      var a = ranked[i], b = ranked[j];
      if (a.warm.ci[1] < b.warm.ci[0]) apart.push({ faster: a, slower: b, ratio: b.warm.value / a.warm.value });
      else if (b.warm.ci[1] < a.warm.ci[0]) apart.push({ faster: b, slower: a, ratio: a.warm.value / b.warm.value });
      else overlap.push({ a: a, b: b });
    }
  }
  return { styles: rows.length, pairs: rows.length * (rows.length - 1) / 2, apart: apart, overlap: overlap, unranked: unranked };
}

function el(tag, text, cls) {
  var e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function list(parent, title, items) {
  if (!items.length) return;
  parent.appendChild(el('p', title, 'runner-verdict-head'));
  var ul = parent.appendChild(el('ul'));
  items.forEach(function (t) { ul.appendChild(el('li', t)); });
}

// v: verdict(); ratio: cost-format's ratio writer → a <section> that says it.
function verdictElement(v, ratio) {
  var box = el('section', null, 'runner-verdict');
  box.setAttribute('aria-label', 'What your run can rank');
  var ranked = v.apart.length;
  var lead = v.pairs === 0 ? 'Your run holds one style, so it has no pair to rank.'
    : ranked === v.pairs ? 'Your run ranks every pair of its ' + v.styles + ' styles.'
      : ranked === 0 ? 'Your run ranks none of the ' + v.pairs + ' pairs of its ' + v.styles + ' styles.'
        : 'Your run ranks ' + ranked + ' of the ' + v.pairs + ' pairs of its ' + v.styles + ' styles.';
  box.appendChild(el('p', lead + ' Two styles are ranked when the 95 % intervals of their warm medians are apart.', 'runner-verdict-lead'));
  list(box, 'Ranked:', v.apart.map(function (p) {
    return p.faster.title + ' is faster than ' + p.slower.title + ' (' + p.slower.title + ' takes ' + ratio(p.ratio) + ' its warm time)';
  }));
  list(box, 'Not told apart (their intervals overlap):', v.overlap.map(function (p) { return p.a.title + ' and ' + p.b.title; }));
  list(box, 'Not ranked:', v.unranked.map(function (u) { return u.row.title + ': ' + u.why; }));
  if (v.overlap.length || v.unranked.length) {
    box.appendChild(el('p', 'More repetitions narrow the intervals: raise the repetitions per style and run again.', 'runner-verdict-next'));
  }
  return box;
}

module.exports = { verdict: verdict, verdictElement: verdictElement };
