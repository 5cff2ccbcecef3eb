'use strict';
// One variant's browser worker, built with esbuild: the browser worker
// (scripts/lib/measure/worker.js, which runs the harness's own batch, warm
// rule and conformance checks from the same folder) with the variant's file,
// the reference original.js and examples/lib/fakes.js bundled from examples/
// as they are, so no browser ever runs a copy of a variant that could drift
// from the one the benchmark measures. Two users, so it lives in scripts/lib/:
// the site build (_config/worker-bundles.js, "Run it in your browser") and the
// benchmark's `chromium` runtime (scripts/harness/browser/), which must time
// exactly the bundles readers run.
// A compiled variant's file is its compiler's output in examples/build/ (or
// the folder ASYNCBENCH_BUILD_DIR names, paths.js exampleFile): the callers
// compile before they bundle (this room, scripts/lib, may not load
// scripts/compile/), and one whose output is missing is refused here saying
// so, never bundled from an old or absent file.
// A build bundles every worker again from files that rarely change: with a
// `cache` (scripts/lib/build-cache.js; the site build passes one) a bundle
// is taken from .cache/build/browser-bundles/ while the files esbuild read
// for it, esbuild's version, the options and this file's code are the same.
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');
const { EXAMPLES } = require('./manifest');
const { ROOT, fromPackage, exampleFile } = require('./paths');
const { fingerprint } = require('./fingerprint');
const { notInBrowser, VIRTUAL_PREFIX } = require('./browser-variants');
const { sourceDigest } = require('./build-cache');

const CACHE = 'browser-bundles';

// The worker's file: the bundler reads it, nothing here loads it. Resolved
// like a require, so the layout tests see this module depend on it.
const WORKER = require.resolve('./measure/worker.js');

// The harness's children run with NODE_ENV=production (docs/harness.md, "How a
// repetition runs"); libraries that read it (Bluebird's warnings and long
// stack traces) behave the same in the worker.
const COMMON = {
  bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' }, absWorkingDir: ROOT,
};
// A worker runs the variant and its libraries as written: no syntax is
// lowered (a browser that cannot parse it fails the worker's start, and the
// page says so) and only whitespace is minified, so the code timed is the
// code in examples/ and node_modules/, names and all.
// A library that hands `require` around as a value (when.js's UMD wrapper:
// factory(require)) loads its modules by names the bundler cannot follow, and
// the bundle would throw "Dynamic require ... is not supported" on load; the
// warning esbuild gives for it is made an error, so such a variant is
// skipped with the reason at build time instead of crashing in a reader's
// browser or a timed run. esbuild cannot tell a use that is never called in a
// worker (streamline's `require && require(...)`, traceur's vertx probe) from
// when.js's, so they are all refused alike: the bundle either way would be a
// guess.
const WORKER_BUILD = { ...COMMON, target: 'esnext', minifyWhitespace: true, logOverride: { 'indirect-require': 'error' } };

// Node's own modules a variant's library requires, and the browser stand-in
// each gets; any other one fails the bundle, and the page says which.
const NODE_STAND_INS = { assert: require.resolve('./measure/node-assert.js') };

// esbuild's own words for such a module ('Could not resolve "path"') say
// nothing to a reader of the page: when esbuild cannot resolve one (a
// package's "browser" field may map it to a file of its own, or to nothing,
// and then it bundles as before), this plugin says instead which package asks
// for which module a browser does not have.
const NODE_MODULES = builtinModules.filter((m) => !m.startsWith('_') && !NODE_STAND_INS[m]);
const NODE_ONLY = new RegExp(`^(node:)?(${NODE_MODULES.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})$`);
const BROWSER_LACKS = 'asyncbench-node-only';

// The package a library file belongs to ("when", "@scope/name"), from its
// name under node_modules (paths.js fromPackage); a file of our own keeps its path.
function packageOf(file) {
  const rel = path.relative(ROOT, file);
  const named = fromPackage(rel);
  if (named === rel) return rel;
  const [first, second] = named.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

const nodeOnly = {
  name: BROWSER_LACKS,
  setup(build) {
    build.onResolve({ filter: NODE_ONLY }, async (args) => {
      if (args.pluginData === BROWSER_LACKS) return undefined; // the resolve below, asking esbuild
      const { kind, importer, resolveDir } = args;
      const found = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: BROWSER_LACKS });
      if (!found.errors.length) return undefined;
      return { errors: [{ text: `the package ${packageOf(importer)} requires Node’s "${args.path.replace(/^node:/, '')}" module, which a browser does not have` }] };
    });
  },
};

// The names worker.js requires, resolved to this entry's files.
function variantModules(entry, examplesDir) {
  const files = {
    [`${VIRTUAL_PREFIX}variant`]: exampleFile(entry.file, examplesDir),
    [`${VIRTUAL_PREFIX}reference`]: path.join(examplesDir, 'original.js'),
    [`${VIRTUAL_PREFIX}fakes`]: path.join(examplesDir, 'lib', 'fakes.js'),
  };
  // What the checks need to know of the entry; nothing else of the manifest ships.
  const fields = { id: entry.id, catchesThrows: entry.catchesThrows, scenarios: entry.scenarios, errorIdentity: entry.errorIdentity || null };
  return {
    name: 'asyncbench-variant',
    setup(build) {
      build.onResolve({ filter: /^asyncbench:/ }, (args) => {
        if (args.path === `${VIRTUAL_PREFIX}entry`) return { path: args.path, namespace: 'asyncbench-entry' };
        if (files[args.path]) return { path: files[args.path] };
        return { errors: [{ text: `${args.path} is not one of the names worker.js may require: ${Object.keys(files).concat(`${VIRTUAL_PREFIX}entry`).join(', ')}` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'asyncbench-entry' }, () => ({ contents: JSON.stringify(fields), loader: 'json' }));
    },
  };
}

// What the page says of an esbuild message, by its kind: a `require` used
// as a value (see WORKER_BUILD) in words a reader follows, esbuild's after.
function explain(m) {
  if (m.id !== 'indirect-require' || !m.location) return m.text;
  return `the package ${packageOf(path.resolve(ROOT, m.location.file))} uses Node’s require as a value, not a call, so no bundler can tell what it loads (esbuild: ${m.text})`;
}

// The message that says why: a module a browser lacks first (the reader's
// words), else esbuild's first.
function firstMessage(err) {
  const errors = err.errors || [];
  const m = errors.find((e) => e.pluginName === BROWSER_LACKS) || errors[0];
  if (!m) return String(err.message || err).split('\n')[0];
  const where = m.location ? `${fromPackage(m.location.file)}:${m.location.line}: ` : '';
  return `${where}${explain(m)}`;
}

// The files a bundle was made from, by esbuild's metafile: every file it
// read, and the package.json of each package they belong to (its "browser"
// and "main" fields chose them). A module of a plugin's own namespace
// ("asyncbench-entry:...") is no file: the caller keys what it holds.
// Names are relative to the build's working folder `base`.
function inputFiles(metafile, base) {
  const files = new Set();
  for (const name of Object.keys(metafile.inputs)) {
    const m = /^([^/]*):(.*)$/.exec(name);
    const rel = m ? m[2] : name;
    if (!m) files.add(path.resolve(base, rel));
    const pkg = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(rel);
    if (pkg) files.add(path.resolve(base, pkg[1], 'package.json'));
  }
  return [...files];
}

// The text esbuild makes of `options` (one output file), from `cache` when
// the same options, esbuild version and key made it from files that are all
// unchanged. `key`: what else shapes the output (what the plugins in
// `options` do, which JSON cannot say). A failed build throws, and is not
// cached.
async function bundleText(options, { cache = null, key = [] } = {}) {
  const esbuild = require('esbuild');
  const entry = cache && cache.entry([esbuild.version, options, ...key]);
  const hit = entry ? entry.read() : undefined;
  if (hit !== undefined) return hit;
  const since = Date.now();
  const out = await esbuild.build({ ...options, metafile: true });
  const text = out.outputFiles[0].text;
  if (entry) entry.write(text, { inputs: inputFiles(out.metafile, options.absWorkingDir || process.cwd()), since });
  return text;
}

// One entry's worker: { id, url, code } or { id, reason }. `plugins`: more
// esbuild plugins, run after the variant's (the harness's floor workload;
// not cached: only its caller knows what it does). `cache`: see above.
// `worker`: another entry file in worker.js's place, which requires it and
// adds a job (`npm run profiles`' scripts/analyze/profile-worker.js);
// `sourcemap`: the bundle ends with its source map, inline, so a CPU
// profile of it can name the file each function came from. Neither changes
// the code bundled from examples/ and node_modules/.
async function buildWorker(entry, { examplesDir = EXAMPLES, plugins = [], cache = null, worker = WORKER, sourcemap = false } = {}) {
  const why = notInBrowser(entry);
  if (why) return { id: entry.id, reason: why };
  const file = exampleFile(entry.file, examplesDir);
  if (entry.compile && !fs.existsSync(file)) {
    return { id: entry.id, reason: `its compiled file ${path.relative(ROOT, file)} is not built; compile it first (npm run compile)` };
  }
  const options = { ...WORKER_BUILD, entryPoints: [worker], alias: NODE_STAND_INS, plugins: [variantModules(entry, examplesDir), nodeOnly, ...plugins],
    ...(sourcemap ? { sourcemap: 'inline', sourcesContent: false } : {}) };
  // What the plugins do: this file's code, and the entry and folder they serve.
  const key = [sourceDigest(__filename), entry, examplesDir, NODE_ONLY.source];
  try {
    const code = await bundleText(options, { cache: plugins.length ? null : cache, key });
    return { id: entry.id, url: `/assets/f/worker-${entry.id}.${fingerprint(code)}.js`, code };
  } catch (err) {
    return { id: entry.id, reason: `does not bundle for a browser: ${firstMessage(err)}` };
  }
}

module.exports = { buildWorker, bundleText, COMMON, WORKER, CACHE };
