'use strict';
// Figures in prose, read from data/ when the page is built, and sentences checked
// against them ({% claim %}, site/prose/claims.js). What each shortcode reads: site/prose/numbers.js,
// site/prose/compare.js and the models' own `prose` (site/models/index.js PROSE). A key the data do not hold
// stops the build naming the post, the call and what the data hold.
const { currentLoad } = require('../site/lib/per-build');
const numbers = require('../site/prose/numbers');
const compareProse = require('../site/prose/compare');
const { ProseNumberError, variantLink } = require('../site/lib/lookup');
const { CrossHostError } = require('../site/lib/host-guard');
const { PROSE } = require('../site/models');
const { splitArgs } = require('./shortcode-args');
const { claims, ClaimError } = require('../site/prose/claims');
const { profileView } = require('../site/models/profiles');

// "posts/<slug>.md: {% num "perf" %}: no variant ..." with what to do next (a failed claim quotes its sentence).
const pageOf = (ctx) => (ctx.page && ctx.page.inputPath ? ctx.page.inputPath.replace(/^\.\//, '') : '(unknown page)');
function located(err, where, name, args, kw) {
  if (err instanceof ClaimError) return new ClaimError(`${where}: {% ${name} "${args[0]}" %}: ${err.message}.`);
  if (!(err instanceof ProseNumberError) && !(err instanceof CrossHostError)) return err;
  const call = `{% ${name} ${[...args.map((a) => JSON.stringify(a)), ...Object.entries(kw).map(([k, v]) => `${k}=${JSON.stringify(v)}`)].join(', ')} %}`;
  if (err instanceof CrossHostError) return err.at(`${where}: ${call}`); // it says what to do instead
  return new ProseNumberError(`${where}: ${call}: ${err.message}. Fix the key in the post, or rerun the script that writes the data.`);
}
function wrap(name, fn) {
  return function (...raw) {
    const [args, kw] = splitArgs(raw);
    try { return fn.call(this, args, kw); } catch (err) { throw located(err, pageOf(this), name, args, kw); }
  };
}

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
    switchCost: ([id], kw) => c.switchCost(id, kw),
    traces: (args, kw) => c.traces(kw),
    reproduction: ([what], kw) => c.reproduction(String(what), kw),
  };
  for (const [name, fn] of Object.entries(PROSE)) shortcodes[name] = (args, kw) => fn(load, args, kw);
  for (const [name, fn] of Object.entries(shortcodes)) eleventyConfig.addShortcode(name, wrap(name, fn));
  // {% claim "relation", … %}sentence{% endclaim %}: the sentence, checked (site/prose/claims.js).
  const claim = claims(load, { profileView });
  eleventyConfig.addPairedShortcode('claim', function (content, ...raw) {
    const [[relation], kw] = splitArgs(raw);
    try {
      return claim(content, String(relation), kw);
    } catch (err) {
      throw located(err, pageOf(this), 'claim', [relation], kw);
    }
  });
};

module.exports.wrap = wrap;
