'use strict';
// A reduced jQuery 3.7.1 built from the AMD modules its npm package ships in
// src/, the way jQuery's own custom builds work (`grunt custom:-ajax,...`),
// without their grunt/requirejs toolchain. Compared with the slim build it
// also leaves out the Sizzle selector engine (replaced by jQuery's own
// selector-native.js, querySelectorAll-based: Flot and our scripts use plain
// CSS selectors only), queue, wrap, serialize, Deferred and Callbacks (ready
// without them, as jQuery's own no-deferred ready does), .val() and .prop():
// about 8 KB gzipped less.
//
// How: walk the define() dependencies from src/jquery.js depth first (so a
// module comes after what it needs), skip the excluded modules, and unwrap
// each one with the rules of jQuery's build/tasks/build.js: a var/ module
// becomes `var <file name> = <returned value>;`, any other module loses its
// define() header, its closing `} );` and a trailing `return`. Modules name
// their parameters after the files they import, so the unwrapped code links
// up by those names inside one function scope.
const fs = require('node:fs');
const path = require('node:path');

const SRC = path.join(__dirname, '..', 'node_modules', 'jquery', 'src');

// What Flot 4.2.6 and our scripts never call (checked by the browser tests,
// which draw, hover, filter and toggle every chart on this bundle).
const EXCLUDE = new Set([
  'ajax', 'ajax/xhr', 'ajax/script', 'ajax/jsonp', 'ajax/load', 'manipulation/_evalUrl', 'core/parseXML',
  'effects', 'effects/animatedSelector', 'deprecated/ajax-event-alias',
  'queue', 'queue/delay', 'wrap', 'serialize', 'css/hiddenVisibleSelectors', 'exports/amd',
  // Nothing waits on a promise or on $(fn): charts.js runs from a deferred
  // script, so ready without Deferred (jQuery's own no-deferred variant) does.
  'deferred', 'deferred/exceptionHook', 'callbacks', 'attributes/val', 'attributes/prop',
]);
const ALIAS = { selector: 'selector-native', 'core/ready': 'core/ready-no-deferred' };

const rdefineEnd = /\}\s*?\);[^}\w]*$/;

function resolve(from, dep) {
  const id = path.posix.normalize(path.posix.join(path.posix.dirname(from), dep));
  return ALIAS[id] || id;
}

function read(id) {
  const file = path.join(SRC, `${id}.js`);
  if (!fs.existsSync(file)) throw new Error(`jquery-build: no module ${id} in ${path.relative(process.cwd(), SRC)}; is jquery 3.7.x installed (npm ci)?`);
  return fs.readFileSync(file, 'utf8');
}

function deps(id, code) {
  const m = /\bdefine\(\s*\[([^\]]*)\]/.exec(code);
  if (!m) return [];
  return [...m[1].matchAll(/["']([^"']+)["']/g)].map((d) => resolve(id, d[1]));
}

function unwrap(id, code) {
  if (/(^|\/)var\//.test(id)) {
    const name = path.posix.basename(id);
    const out = code.replace(/define\([\w\W]*?return/, `var ${name} =`).replace(rdefineEnd, '');
    if (out === code) throw new Error(`jquery-build: cannot unwrap var module ${id}; has jQuery's source layout changed?`);
    return out;
  }
  const out = code
    .replace(/\s*return\s+[^}]+(\}\s*?\);[^\w}]*)$/, '$1')
    .replace(/\s*exports\.\w+\s*=\s*\w+;/g, '')
    .replace(/define\([^{]*?{\s*(?:("|')use strict\1(?:;|))?/, '')
    .replace(rdefineEnd, '')
    .replace(/\/\*\s*ExcludeStart\s*\*\/[\w\W]*?\/\*\s*ExcludeEnd\s*\*\//gi, '')
    .replace(/\/\/\s*BuildExclude\n\r?[\w\W]*?\n\r?/gi, '')
    .replace(/define\(\[[^\]]*\]\)[\W\n]+$/, '');
  if (/\bdefine\(/.test(out)) throw new Error(`jquery-build: module ${id} still contains define() after unwrapping; has jQuery's source layout changed?`);
  return out;
}

function buildJquery() {
  const order = [];
  const seen = new Set();
  (function visit(id) {
    if (seen.has(id) || EXCLUDE.has(id)) return;
    seen.add(id);
    const code = read(id);
    for (const d of deps(id, code)) visit(d);
    if (id !== 'jquery') order.push([id, code]);
  })('jquery');
  const body = order.map(([id, code]) => unwrap(id, code)).join('\n');
  // Stands in for jQuery's src/wrapper.js: browsers only, always global.
  return `(function (window, noGlobal) {\n"use strict";\n${body}\n})(window);\n`;
}

module.exports = { buildJquery, EXCLUDE };
