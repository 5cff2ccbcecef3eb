'use strict';
// The one name a reader sees for each style, wherever the site names it: in
// prose (site/lib/lookup.js variantLink), in a chart's legend, tooltip, data
// table and CSV (site/render/chart-html.js), in a table's rows and captions.
// Issue 43: prose named styles by their title while charts and tables used
// their ids ("promises-q" beside "Promises with Q"). The name is the title
// in the style's manifest: examples/manifest.json for the article's styles,
// examples/<scenario>/manifest.json for a companion post's. Ids stay what
// data files, filters and links are keyed by.
const fs = require('node:fs');
const path = require('node:path');
const { EXAMPLES } = require('../../scripts/lib/paths');
const { perBuild, buildManifest } = require('./per-build');

// The companion posts' own styles, by scenario folder: each model labels its
// series with the id less the prefix ("chains-q" -> "q").
const SCENARIOS = { chains: 'chains-', delegation: 'delegation-', 'streamline-modes': 'slmodes-' };

function titles(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8')).variants.map((v) => [v.id, v.title]);
}

// Read once per build, so a rebuild of the dev server sees an edited title.
const all = perBuild(() => {
  // The article's manifest as the build reads it once (site/lib/per-build.js).
  const names = new Map(buildManifest().variants.map((v) => [v.id, v.title]));
  for (const scenario of Object.keys(SCENARIOS)) {
    const file = path.join(EXAMPLES, scenario, 'manifest.json');
    if (fs.existsSync(file)) for (const [id, title] of titles(file)) names.set(id, title);
  }
  return names;
});

// A style's name by its id; anything that is no style's id (a runtime, the
// floor line, a family) is its own name.
const styleName = (id) => all().get(String(id)) || String(id);
const isStyle = (id) => all().has(String(id));

// The name inside a sentence: a first word that is only capitalised
// because a name starts with it is lowered ("over nested callbacks",
// "hand-written callbacks"); a name's own capitals stay ("StratifiedJS",
// "Q.async, compiled by Traceur").
const inSentence = (name) => (/^[A-Z][a-z]+(-[a-z]+)*(\s|$)/.test(name) ? name[0].toLowerCase() + name.slice(1) : name);

// A companion post's label ("q" in the chains post) -> its style's name.
function scenarioStyleName(scenario, label) {
  const prefix = SCENARIOS[scenario];
  if (prefix === undefined) throw new Error(`style-names: no scenario "${scenario}"; known: ${Object.keys(SCENARIOS).join(', ')}.`);
  return styleName(`${prefix}${label}`);
}

module.exports = { styleName, isStyle, inSentence, scenarioStyleName };
