'use strict';
// Figures and claims in prose, read from data/ when the page is built, so a
// rerun and rebuild updates the text and nothing numeric is typed by hand.
// What each shortcode reads, and its arguments: site/prose/numbers.js (num,
// ratio, count, runtimeVersion, v8Version, nearestV8), site/prose/compare.js (compare, leaders, within,
// switchCost, traces, reproduction, runSetting), and the models' own `prose`
// (site/models/index.js PROSE: chains). A key the data do not hold stops the build naming the post, the
// call and what the data hold.
const { currentLoad } = require('../site/lib/per-build');
const numbers = require('../site/prose/numbers');
const compareProse = require('../site/prose/compare');
const { ProseNumberError, variantLink } = require('../site/lib/lookup');
const { CrossHostError } = require('../site/lib/host-guard');
const { PROSE } = require('../site/models');
const { splitArgs } = require('./shortcode-args');
const { claims, ClaimError } = require('../site/prose/claims');

// "posts/<slug>.md: {% num "perf" %}: no variant ..." with what to do next.
function wrap(name, fn) {
  return function (...raw) {
    const [args, kw] = splitArgs(raw);
    const where = this.page && this.page.inputPath ? this.page.inputPath.replace(/^\.\//, '') : '(unknown page)';
    try {
      return fn.call(this, args, kw);
    } catch (err) {
      if (!(err instanceof ProseNumberError) && !(err instanceof CrossHostError)) throw err;
      const call = `{% ${name} ${[...args.map((a) => JSON.stringify(a)), ...Object.entries(kw).map(([k, v]) => `${k}=${JSON.stringify(v)}`)].join(', ')} %}`;
      // A comparison across hosts says itself what to do instead.
      if (err instanceof CrossHostError) throw err.at(`${where}: ${call}`);
      throw new ProseNumberError(`${where}: ${call}: ${err.message}. Fix the key in the post, or rerun the script that writes the data.`);
    }
  };
}

const perfOnly = (what, source) => {
  if (source !== 'perf') throw new ProseNumberError(`${what} reads "perf" (got "${source}")`);
};

module.exports = function prose(eleventyConfig) {
  const load = currentLoad(); // the build's one loader (_config/data.js)
  const c = compareProse(load);
  const shortcodes = {
    num: ([source], kw) => numbers.numText(numbers.value(load, String(source), kw), kw),
    ratio: ([source], kw) => numbers.ratio(load, String(source), kw),
    count: ([source], kw) => String(numbers.count(load, String(source), kw)),
    runtimeVersion: ([id], kw) => numbers.runtimeVersion(load, id, kw.file),
    v8Version: ([id]) => numbers.v8Version(load, id),
    nearestV8: ([id]) => numbers.nearestV8(load, id),
    variantRef: ([id], kw) => variantLink(id, { mid: kw.mid === true }),
    runSetting: ([key], kw) => c.runSetting(String(key), kw),
    compare: ([source], kw) => (perfOnly('compare', source), c.comparePhrase(kw)),
    leaders: ([source], kw) => (perfOnly('leaders', source), c.leadersPhrase(kw)),
    within: ([source], kw) => (perfOnly('within', source), c.within(kw)),
    switchCost: ([id], kw) => c.switchCost(id, kw),
    traces: (args, kw) => c.traces(kw),
    reproduction: ([what], kw) => c.reproduction(String(what), kw),
  };
  for (const [name, fn] of Object.entries(PROSE)) shortcodes[name] = (args, kw) => fn(load, args, kw);
  for (const [name, fn] of Object.entries(shortcodes)) eleventyConfig.addShortcode(name, wrap(name, fn));
  // {% claim "relation", … %}sentence{% endclaim %}: the sentence, checked (site/prose/claims.js).
  const claim = claims(load);
  eleventyConfig.addPairedShortcode('claim', function (content, ...raw) {
    const [[relation], kw] = splitArgs(raw);
    try {
      return claim(content, String(relation), kw);
    } catch (err) {
      if (!(err instanceof ClaimError)) return wrap('claim', () => { throw err; }).call(this, relation, { __keywords: true, ...kw });
      const where = this.page && this.page.inputPath ? this.page.inputPath.replace(/^\.\//, '') : '(unknown page)';
      throw new ClaimError(`${where}: {% claim "${relation}" %}: ${err.message}.`);
    }
  });
};

module.exports.wrap = wrap;
