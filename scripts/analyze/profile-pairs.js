// Which (runtime, variant) pairs `npm run profiles` (profile.js) profiles,
// and the runtimes it can profile at all.
//
// The default set answers the questions a reader of the main article asks
// (issue 43): every style whose figure on Node 24 needs a cause (Q, co
// against Bluebird's coroutine, when and when 2, Rx, async, the era
// releases), the ones whose standing moved since 2013 on Node 12 (the oldest
// line with the inspector's CPU profiler as --cpu-prof has it), and
// Bluebird against native promises in Chromium.
'use strict';
const runtimes = require('../runtimes');
const { UsageError } = require('../lib/args');

const DEFAULT_PAIRS = Object.freeze({
  'node-24': Object.freeze(['original', 'async-await', 'promises-native', 'promises-bluebird', 'generators-bluebird', 'generators-co',
    'generators-co-thunks', 'promises-q', 'generators-qasync', 'promises-when', 'promises-when-2', 'rx-classic', 'async', 'catcher',
    'promises-everything', 'generators-suspend-0-3']),
  'node-12': Object.freeze(['generators-co', 'generators-co-thunks', 'promises-q', 'promises-bluebird', 'original']),
  chromium: Object.freeze(['original', 'promises-bluebird', 'promises-native', 'async-await']),
});

// The oldest Node line profiled: the one that brought --cpu-prof. (Its V8
// does not count freed objects in heap samples, so Node 12's pairs have a
// CPU profile and async counts but no allocation figures: profile-child.js.)
const OLDEST_NODE = 12;

// A --runtimes name → { name, kind: 'node' | 'browser', profile }, or a
// UsageError that names the runtime and what to give instead.
function profiledRuntime(name) {
  const browser = runtimes.browserProfile(name);
  if (browser) return { name, kind: 'browser', profile: browser };
  let profile;
  try {
    profile = runtimes.getProfile(name);
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`--runtimes ${name}: ${err.message}; profiles are taken on Node ${OLDEST_NODE} or later and in chromium`);
    throw err;
  }
  const major = Number(String(profile.version).split('.')[0]);
  const newer = Object.keys(DEFAULT_PAIRS).join(',');
  if (profile.runtime !== 'node') {
    throw new UsageError(`--runtimes ${name}: ${name} is ${profile.runtime} ${profile.version}, not Node; CPU profiles are taken on Node ` +
      `${OLDEST_NODE} or later (through its inspector) and in chromium. Give one of those, e.g. --runtimes ${newer}`);
  }
  if (!(major >= OLDEST_NODE)) {
    throw new UsageError(`--runtimes ${name}: ${name} is Node ${profile.version}, older than Node ${OLDEST_NODE}, the oldest line profiled ` +
      `(the one that brought --cpu-prof; the profiler this tool starts through the inspector is the same). Give node-${OLDEST_NODE} or a later profile`);
  }
  return { name, kind: 'node', profile };
}

// The command line's runtimes and variants → [{ runtime: profiledRuntime(),
// variants: [manifest entries] }], in the order given (the default set's
// without --runtimes). Without --variants a runtime takes its default list;
// one that has none needs --variants. pattern: a --variants regular
// expression, as bench's (scripts/lib/manifest.js selectVariants).
function plannedPairs({ runtimeNames = null, pattern = null }, manifest, selectVariants) {
  const names = runtimeNames || Object.keys(DEFAULT_PAIRS);
  if (!names.length) throw new UsageError('--runtimes needs at least one runtime');
  const chosen = names.map(profiledRuntime);
  let matched = null;
  if (pattern) {
    matched = selectVariants(manifest, pattern);
    if (!matched.length) throw new UsageError(`--variants ${pattern}: no variant id in the manifest matches`);
  }
  return chosen.map((runtime) => {
    if (matched) return { runtime, variants: matched };
    const ids = DEFAULT_PAIRS[runtime.name];
    if (!ids) {
      throw new UsageError(`--runtimes ${runtime.name}: the default set has no variants for ${runtime.name} (it has ${Object.keys(DEFAULT_PAIRS).join(', ')}); ` +
        'name them with --variants REGEX');
    }
    return { runtime, variants: ids.map((id) => {
      const entry = manifest.variants.find((v) => v.id === id);
      if (!entry) throw new Error(`Internal error: the default set names ${id}, which examples/manifest.json does not list`);
      return entry;
    }) };
  });
}

module.exports = { DEFAULT_PAIRS, OLDEST_NODE, profiledRuntime, plannedPairs };
