'use strict';
// The order the chart bundle's scripts load in (_config/chart-bundle.js),
// worked out from what each one declares at the end of the comment it
// starts with:
//
//   @provides seriesHighlight
//   @needs seriesSelect: why it needs it
//   @needs flot.errorbars: why
//
// A script needs another when it calls the other's plot methods, listens to
// its events or sets its options, and when one of its Flot hooks must run
// after the other's: Flot runs a hook of every plugin in the order the
// plugins registered, that is the order their files loaded. So a script
// loads after everything it needs, and the bundle is the entry (charts.js,
// the page wiring) and what it needs, and what those need: depth first,
// each script's needs in the order it lists them, as modules run. Scripts
// that need nothing of each other keep the order their needer lists them in;
// any order of such a list gives a working bundle.
//
// A need no script provides (nor the library before them: jQuery's and
// Flot's files), a name two scripts provide, needs that go round in a
// circle, or a script that provides a name nothing needs (it would silently
// drop out of the bundle) stop the build, naming the scripts and what to
// change.

class BundleOrderError extends Error {
  constructor(message) {
    super(`chart bundle: ${message}`);
    this.name = 'BundleOrderError';
    this.code = 'EBUNDLEORDER';
  }
}

// The @provides and @needs lines of the block comment `code` starts with.
function declarations(code) {
  const head = /^\s*\/\*([\s\S]*?)\*\//.exec(code);
  const lines = head ? head[1].split('\n').map((l) => l.trim()) : [];
  const tagged = (tag) => lines.filter((l) => l.startsWith(`@${tag} `)).map((l) => l.slice(tag.length + 2).split(':')[0].trim());
  return { provides: tagged('provides'), needs: tagged('needs') };
}

// files: [{ name, code }]; given: the names the library before them
// provides. → the files to bundle, in load order, `entry` last.
function bundleOrder(entry, files, given = []) {
  const declared = new Map(files.map((f) => [f.name, declarations(f.code)]));
  if (!declared.has(entry)) throw new BundleOrderError(`the entry ${entry} is not among the scripts (${[...declared.keys()].join(', ')})`);
  const provider = new Map(given.map((name) => [name, null]));
  for (const [file, { provides }] of declared) {
    for (const name of provides) {
      if (provider.has(name)) {
        const other = provider.get(name) || "jQuery's and Flot's files";
        throw new BundleOrderError(`${file} and ${other} both provide "${name}"; rename one, so each need names one script`);
      }
      provider.set(name, file);
    }
  }
  const order = [];
  const state = new Map(); // 'open' while on the walk's path, 'placed' once in `order`
  const visit = (file, trail) => {
    if (state.get(file) === 'placed') return;
    state.set(file, 'open');
    for (const need of declared.get(file).needs) {
      if (!provider.has(need)) {
        throw new BundleOrderError(`${file} needs "${need}", which no script provides. A script provides a name with an "@provides name" line in the comment it starts with; jQuery's and Flot's files provide ${given.join(', ')}. Fix the name, or add the script that provides it.`);
      }
      const from = provider.get(need);
      if (from === null) continue;
      const step = trail.concat({ file, need });
      if (state.get(from) === 'open') {
        const circle = step.slice(step.findIndex((s) => s.file === from));
        throw new BundleOrderError(`the needs of ${circle.map((s) => s.file).join(', ')} go round in a circle (${circle.map((s) => `${s.file} needs ${s.need}`).join(', ')}): a script loads after everything it needs, so one of these @needs has to go`);
      }
      visit(from, step);
    }
    state.set(file, 'placed');
    order.push(file);
  };
  visit(entry, []);
  const unneeded = [...declared].filter(([file, d]) => d.provides.length && !order.includes(file)).map(([file, d]) => `${file} (${d.provides.join(', ')})`);
  if (unneeded.length) throw new BundleOrderError(`nothing needs ${unneeded.join(', ')}, so the bundle would leave it out: add "@needs <its name>" to ${entry} or to the script that uses it`);
  return order.map((name) => files.find((f) => f.name === name));
}

module.exports = { bundleOrder, declarations, BundleOrderError };
