// Caches by content hash for the work every site build repeats: minifying
// the chart bundle (_config/chart-bundle.js), bundling the browser workers
// (scripts/lib/worker-bundle.js) and checking data/ (site/lib/data-files.js).
// An entry is found by a digest of everything its value is made from (the
// sources' text, the tools' versions, the options, the maker's own source
// and Node's version), so a changed input is a different entry, never a
// stale one. A value whose inputs are only known once it is made (the files
// esbuild read) keeps those files' hashes, and is used only while every
// one of them still has its hash.
//
// Entries live under .cache/build/<name>/ (ignored by git), written whole
// by rename (atomic-write.js), so a killed build leaves the old entry or
// none. An entry carries the hash of its value: one that does not match (a
// cut or damaged file) is a miss, made again and overwritten. Saving is
// best effort: a full disk costs the next build the time, not this one.
// ASYNCBENCH_BUILD_CACHE=0 turns every cache off (each build does all the
// work), to tell a cache problem from a build problem.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { writeFileAtomic, removeStaleTemps, WriteError } = require('./atomic-write');
const { ROOT } = require('./paths');

const ENV = 'ASYNCBENCH_BUILD_CACHE';
const DIR = path.join(ROOT, '.cache', 'build');
const FORMAT = 'asyncbench-build-cache@1';
// An input changed this close to the start of its build may have been read
// before or after the change: such a value is not saved (file systems stamp
// times as coarsely as 2 s).
const MTIME_SLACK_MS = 2000;

const sha256 = () => crypto.createHash('sha256');

// A digest of several parts; each is prefixed by its length, so no two
// different lists of parts give the same stream. Objects go in as JSON.
function digest(parts) {
  const h = sha256();
  for (const p of parts) {
    const data = typeof p === 'string' || Buffer.isBuffer(p) ? p : String(JSON.stringify(p));
    h.update(`${Buffer.byteLength(data)}:`);
    h.update(data);
  }
  return h.digest('hex');
}

// An entry file's text: a header line, then the value's JSON. The header
// holds the format, the key, the input files' hashes and a hash over all of
// it and the value, so a cut or damaged entry (header or value) is a miss.
const sealOf = (key, inputs, body) => digest([FORMAT, key, JSON.stringify(inputs), body]);
function entryText({ key, inputs = [] }, value) {
  const body = JSON.stringify(value);
  return `${JSON.stringify({ format: FORMAT, key, inputs, sum: sealOf(key, inputs, body) })}\n${body}`;
}

// The hash of a file's bytes, or null when it cannot be read (gone).
function hashFile(file) {
  try {
    return sha256().update(fs.readFileSync(file)).digest('hex');
  } catch (err) {
    return null;
  }
}

// The version of an installed package, for keys: read once, as the code of
// a package this process loaded does not change when node_modules/ does.
const versions = new Map();
function packageVersion(name) {
  if (!versions.has(name)) versions.set(name, JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version);
  return versions.get(name);
}

// A module's own file and every file of this repository it requires with a
// literal relative path, transitively: the code that makes a value is part
// of its key. (A require with a computed name is not followed, and one
// that names no file, as in a comment, is passed over.)
function sourceFiles(file) {
  const seen = new Set();
  (function visit(f) {
    if (seen.has(f)) return;
    seen.add(f);
    if (!/\.[cm]?js$/.test(f)) return;
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/\brequire\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g)) {
      let found;
      try {
        found = require.resolve(path.resolve(path.dirname(f), m[2]));
      } catch (err) {
        if (err.code !== 'MODULE_NOT_FOUND') throw err;
        continue;
      }
      visit(found);
    }
  })(file);
  return [...seen].sort();
}

// The digest of sourceFiles(file): what key parts name as "this maker's
// code". Taken once per process, which runs the code it loaded, not the
// files as edited since (a --serve rebuild).
const sourceDigests = new Map();
function sourceDigest(file) {
  if (!sourceDigests.has(file)) sourceDigests.set(file, digest(sourceFiles(file).flatMap((f) => [path.relative(ROOT, f), fs.readFileSync(f)])));
  return sourceDigests.get(file);
}

const disabledByEnv = () => process.env[ENV] === '0';

// A path as a message shows it: from the repository's root when inside it.
function shown(file) {
  const rel = path.relative(ROOT, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

let warned = false;
function warnUnsaved(file, dir, err) {
  if (warned) return;
  warned = true;
  process.stderr.write(`build cache: could not save ${shown(file)} (${err.code || err.message}); the build goes on without saving it. Make room in ${shown(dir)} or make it writable, or build with ${ENV}=0.\n`);
}

// One cache: entries under <dir>/<name>/. `enabled` false: every read is a
// miss and nothing is saved. read() hashes each input file once per cache
// (workers share their libraries' files): open one cache per build.
function openCache(name, { dir = DIR, enabled = !disabledByEnv() } = {}) {
  const folder = path.join(dir, name);
  const fileHashes = new Map();
  const hashOf = (file) => {
    if (!fileHashes.has(file)) fileHashes.set(file, hashFile(file));
    return fileHashes.get(file);
  };

  // The entry made of `parts` (strings, Buffers or JSON-able values):
  // read() → its value, or undefined on a miss; write(value, { inputs,
  // since }) saves a JSON-able value; `inputs`: more files it was made
  // from, `since`: Date.now() taken before they were read.
  function entry(parts) {
    const key = digest([FORMAT, name, process.version, ...parts]);
    const file = path.join(folder, `${key}.json`);
    return {
      file,
      read() {
        if (!enabled) return undefined;
        let text;
        try {
          text = fs.readFileSync(file, 'utf8');
        } catch (err) {
          return undefined; // not made yet, or unreadable: made again
        }
        const cut = text.indexOf('\n');
        if (cut < 0) return undefined;
        let head;
        try {
          head = JSON.parse(text.slice(0, cut));
        } catch (err) {
          return undefined;
        }
        const body = text.slice(cut + 1);
        if (!head || head.format !== FORMAT || head.key !== key || sealOf(key, head.inputs, body) !== head.sum) return undefined;
        if (!Array.isArray(head.inputs) || !head.inputs.every(([f, h]) => hashOf(f) === h)) return undefined;
        return JSON.parse(body);
      },
      write(value, { inputs = [], since = null } = {}) {
        if (!enabled) return;
        const files = [...new Set(inputs)].sort();
        if (since !== null && files.some((f) => changedSince(f, since))) return;
        const hashed = files.map((f) => [f, hashFile(f)]); // as they are now, not as read() saw them
        if (hashed.some(([, h]) => h === null)) return; // an input is gone: nothing to check it against
        try {
          removeStaleTemps(file);
          writeFileAtomic(file, entryText({ key, inputs: hashed }, value));
        } catch (err) {
          if (!(err instanceof WriteError)) throw err;
          warnUnsaved(file, dir, err);
        }
      },
    };
  }
  return { entry, enabled, dir: folder };
}

function changedSince(file, since) {
  try {
    return fs.statSync(file).mtimeMs > since - MTIME_SLACK_MS;
  } catch (err) {
    return true;
  }
}

module.exports = { openCache, entryText, digest, hashFile, packageVersion, sourceFiles, sourceDigest, ENV, DIR };
