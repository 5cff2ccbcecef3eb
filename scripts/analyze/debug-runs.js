// Runs one variant through the injected failures of the debuggability
// analysis (each in a fresh scripts/analyze/debug-child.js) and turns what comes
// back into scored trace records. scripts/debuggability.js assembles these.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { parseStack, scoreTrace, levelFor, traceRecord, nowScore, DEFAULT_STACK_LIMIT } = require('./stack-score');
const { ROOT, exampleFile } = require('../lib/paths');

const CHILD = path.join(__dirname, 'debug-child.js');
const FAKES = path.join(ROOT, 'examples', 'lib', 'fakes.js');
const TIMEOUT_MS = 20000;

// The three failures the 2013 harness injected (the 2013 levels), plus two
// the 2013 scale could not see: the rejected I/O promise, and the fake I/O
// operation throwing when called, which tells eager styles (the call runs on
// the variant's stack) from lazy ones (a library runs a thunk later). All
// five make today's score (stack-score.js nowScore).
// `expect` names the probe key whose lines a good trace points at; `level2013`
// the ways of the 2013 scale, `scored` those of today's score.
const WAYS = [
  { id: 'callback', fail: { op: 'fileVersion.insert', how: 'callback' }, expect: 'fileVersion.insert', level2013: true, scored: true,
    what: 'the fake I/O passes an error, made in its timer, to the callback of FileVersion.insert(...).execWithin (a promise adapter rejects with it)' },
  { id: 'reject', fail: { op: 'fileVersion.insert', how: 'reject' }, expect: 'fileVersion.insert', scored: true,
    what: 'FileVersion.insert(...).execWithin rejects after its delay with an error made in a promise reaction; variants whose adapter makes native promises get the fakes\' promise-returning methods (fakes.promiseMethods), the others their own adapter over the node-style method' },
  { id: 'throw', fail: { op: 'version.createHash', how: 'throw' }, expect: 'version.createHash', level2013: true, scored: true,
    what: 'Version.createHash throws when called, after file.get resumed the variant' },
  { id: 'poison', fail: { op: 'file.get', how: 'poison' }, expect: 'file.version', level2013: true, scored: true,
    what: "the variant's own code throws: reading file.version of the file that file.get returned" },
  { id: 'throw-at-io', fail: { op: 'fileVersion.insert', how: 'throw' }, expect: 'fileVersion.insert', level2013: false, scored: true,
    what: 'FileVersion.insert(...).execWithin throws synchronously when the operation starts' },
];

// When the probe cannot see a call (a library made it), fall back to the
// source: lines that spell the call.
const SPELLING = {
  'fileVersion.insert': /FileVersion\.insert\s*\(/,
  'version.createHash': /createHash\s*\(/,
  'file.version': /\.version\b(?!\s*[:=][^=])/,
};

// The runtime that runs this script, as a runtime record (a profile's comes
// from scripts/harness/profile-runtimes.js: path, flags, env, name, version).
const SELF = { path: process.execPath, flags: [], name: 'node', version: process.version.replace(/^v/, '') };

// --enable-source-maps exists from Node 12.12; Bun applies source maps by
// itself, Deno has no such flag: elsewhere a compiled variant's trace points
// at the output, which the record says (pointsAt).
function sourceMapFlags(runtime) {
  if (runtime.name !== 'node') return [];
  const [major, minor] = String(runtime.version).split('.').map(Number);
  return major > 12 || (major === 12 && minor >= 12) ? ['--enable-source-maps'] : [];
}

// Every long-stack switch off unless the run turns one on. BLUEBIRD_DEBUG is
// removed, not set to "0": Bluebird 3 reads "0" as off, but Bluebird 0.9
// (the era variants) turns long stack traces on for any non-empty value.
function childEnv(runtime = SELF) {
  const env = { ...process.env, NODE_ENV: 'production', BLUEBIRD_LONG_STACK_TRACES: '0', Q_DEBUG: '', ...(runtime.env || {}) };
  delete env.BLUEBIRD_DEBUG;
  return env;
}

function runChild(args, { nodeFlags = [], timeout = TIMEOUT_MS, runtime = SELF } = {}) {
  const r = spawnSync(runtime.path, [...runtime.flags, ...nodeFlags, CHILD, JSON.stringify(args)], {
    cwd: ROOT, encoding: 'utf8', timeout, env: childEnv(runtime),
  });
  if (r.error && r.error.code !== 'ETIMEDOUT') return { failed: `cannot start ${runtime.path}: ${r.error.message}` };
  const line = (r.stdout || '').split('\n').find((l) => l.startsWith('{'));
  if (r.error && r.error.code === 'ETIMEDOUT') return { failed: `timed out after ${timeout} ms` };
  if (!line) return { failed: `child exited ${r.status} without a result: ${(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}` };
  return JSON.parse(line);
}

const rel = (p) => (p.startsWith(ROOT + '/') ? p.slice(ROOT.length + 1) : p);

// The article shows traces side by side: keep the message, the first frames,
// every separator and variant frame with a neighbour each, and mark the cuts.
function excerpt(stack, parsed, keepHead = 6) {
  const lines = String(stack).split('\n').map((l) => l.split(ROOT + '/').join('').replace(/\s+$/, ''));
  const msgLines = parsed.message ? parsed.message.split('\n').length : 1;
  const keep = new Set();
  lines.forEach((l, i) => {
    if (i < msgLines + keepHead || /^\s*From (previous event|generator)/.test(l)) keep.add(i);
    if (/\bexamples\/(?!lib\/)/.test(l)) [i - 1, i, i + 1].forEach((k) => keep.add(k));
  });
  const out = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (keep.has(i)) {
      if (skipped) out.push(`    … ${skipped} more frame${skipped > 1 ? 's' : ''}`);
      skipped = 0;
      out.push(l);
    } else skipped++;
  });
  if (skipped) out.push(`    … ${skipped} more frame${skipped > 1 ? 's' : ''}`);
  return out;
}

function expectedLines(probe, key, sourceText) {
  if (probe && probe.calls && probe.calls[key] && probe.calls[key].length) {
    return { lines: probe.calls[key].slice().sort((a, b) => a - b), from: 'probe' };
  }
  const lines = [];
  String(sourceText).split('\n').forEach((l, i) => { if (SPELLING[key].test(l)) lines.push(i + 1); });
  return { lines, from: 'source-search' };
}

function classifyOutcome(result, entry, way) {
  if (result.failed) return result.failed;
  if (result.outcome === 'never-called') return 'no error reached done, and none escaped';
  if (result.outcome === 'done-ok') return `upload succeeded although ${way.fail.op} failed`;
  if (!result.injected) return `a different error reached the caller (${result.outcome}): ${String(result.message).slice(0, 200)}`;
  return null;
}

// The files whose frames count as the variant's: what runs, and what a person
// wrote when that differs (a compiled source, or the shared file a librarySet
// entry loads; `authored` is relative to examplesDir).
function framesOf(entry, examplesDir, authored) {
  const variantFile = exampleFile(entry.file, examplesDir);
  const written = exampleFile(authored || entry.file, examplesDir);
  return written === variantFile ? [variantFile] : [variantFile, written];
}

// A variant whose adapter makes native promises (manifest adapter.library
// "node": by hand or by util.promisify) meets the rejected-promise failure
// through the fakes' promise-returning methods, as it would with a driver
// that returns promises; every other variant through what it runs.
const usesPromiseForms = (entry, way) => way.fail.how === 'reject' && !!(entry.adapter && entry.adapter.library === 'node');

function traceVariant(entry, { examplesDir, longStack, probe, sourceText, stackLimit, authored, runtime = SELF }) {
  const variantFile = exampleFile(entry.file, examplesDir);
  const variantFiles = framesOf(entry, examplesDir, authored || (entry.compile && entry.compile.source));
  const nodeFlags = entry.compile && entry.compile.sourceMaps ? sourceMapFlags(runtime) : [];
  const out = {};
  for (const way of WAYS) {
    const promiseForms = usesPromiseForms(entry, way);
    const run = (limit) => runChild({
      mode: 'trace', variant: variantFile, variantFiles, fakes: FAKES, longStack, stackLimit: limit,
      fail: way.fail, exists: true, promiseForms,
    }, { nodeFlags, runtime });
    const result = run(stackLimit);
    const expected = expectedLines(probe, way.expect, sourceText);
    const failed = classifyOutcome(result, entry, way);
    const record = { way: way.id, longStack: !!longStack, outcome: result.outcome || null, expectedLines: expected.lines, expectedFrom: expected.from, promiseForms };
    if (failed) {
      record.failed = failed;
      if (result.stack) record.excerpt = excerpt(result.stack, parseStack(result.stack, { variantFiles, root: ROOT }));
    } else {
      const parsed = parseStack(result.stack, { variantFiles, root: ROOT });
      // The same failure again at Node's default Error.stackTraceLimit: what
      // a developer sees without raising it (long-stack libraries and V8 cut
      // their own sections, so a cut of the long trace would not be faithful).
      let low = null;
      if (way.scored) {
        const atDefault = run(DEFAULT_STACK_LIMIT);
        const lowFailed = classifyOutcome(atDefault, entry, way);
        low = lowFailed ? { failed: lowFailed } : parseStack(atDefault.stack, { variantFiles, root: ROOT });
      }
      Object.assign(record, traceRecord({ outcome: record.outcome, high: parsed, low }, expected.lines));
      if (!way.scored) delete record.atDefaultLimit;
      record.excerpt = excerpt(result.stack, parsed);
      // Does the error travel the way the manifest says (catchesThrows)?
      if (way.id !== 'callback' && way.id !== 'reject') record.reachedAsManifestSays = (result.outcome === 'done') === entry.catchesThrows;
      record.pointsAt = parsed.frames.some((f) => f.kind === 'variant' && f.file !== variantFile) ? 'source' : 'output';
    }
    out[way.id] = record;
  }
  return out;
}

// Source-map level (2013 scale) from the manifest's compile step, and where
// a compiled variant's traces point.
function sourceMapLevel(entry, traces) {
  if (!entry.compile) return { level: 5, reason: 'no compile step: the trace points at the file the developer wrote' };
  const pointsAt = Object.values(traces).map((t) => t.pointsAt).find(Boolean) || 'output';
  if (entry.compile.sourceMaps) {
    const runnable = /\.(c|m)?js$/.test(entry.compile.source);
    return runnable
      ? { level: 4, pointsAt, reason: `${entry.compile.tool} emits source maps; the source also runs uncompiled on a modern runtime, so the maps are needed only for the compiled target` }
      : { level: 3, pointsAt, reason: `${entry.compile.tool} emits source maps and the source never runs uncompiled: the maps are always needed` };
  }
  return entry.compile.preservesLines
    ? { level: 2, pointsAt, reason: `${entry.compile.tool} emits no source maps but keeps line numbers: needed only to read the original code` }
    : { level: 1, pointsAt, reason: `${entry.compile.tool} emits no source maps: traces point at the compiled output's lines` };
}

// `authored`: the file a person wrote (lib/manifest.js authoredFile), when
// it is not entry.file; without it, entry.compile.source or entry.file.
function analyzeVariant(entry, { examplesDir, stackLimit = 50, authored = null, runtime = SELF }) {
  const variantFile = exampleFile(entry.file, examplesDir);
  const written = authored || (entry.compile && entry.compile.source) || entry.file;
  const sourceFile = path.join(examplesDir, written);
  // Compiled output without source maps is read as it runs; everything else as written.
  const readsOutput = entry.compile && !entry.compile.sourceMaps;
  const sourceText = fs.readFileSync(readsOutput ? variantFile : sourceFile, 'utf8');
  const variantFiles = framesOf(entry, examplesDir, written);
  const probe = runChild({ mode: 'probe', variant: variantFile, variantFiles, fakes: FAKES, stackLimit },
    { nodeFlags: entry.compile && entry.compile.sourceMaps ? sourceMapFlags(runtime) : [], runtime });
  const plain = traceVariant(entry, { examplesDir, longStack: null, probe, sourceText, stackLimit, authored: written, runtime });
  const switched = entry.longStackTraces
    ? traceVariant(entry, { examplesDir, longStack: entry.longStackTraces, probe, sourceText, stackLimit, authored: written, runtime })
    : null;
  const stackTraces = levelFor({ plain, switched, switchName: entry.longStackTraces || null });
  const score = nowScore(plain, { highLimit: stackLimit });
  const scoreWithSwitch = switched ? nowScore(switched, { highLimit: stackLimit }) : null;
  const sourceMaps = sourceMapLevel(entry, plain);
  const probeFailed = probe.failed || (!probe.ok && `the successful upload failed: ${String(probe.error).split('\n')[0]}`);
  return {
    id: entry.id,
    family: entry.family,
    file: rel(variantFile),
    longStackTraces: entry.longStackTraces || null,
    catchesThrows: entry.catchesThrows,
    article2013: entry.article2013,
    probe: probeFailed ? { failed: probeFailed } : { calls: probe.calls },
    sourceMaps,
    stackTraces,
    total: stackTraces.level === null ? null : sourceMaps.level + stackTraces.level,
    failure: stackTraces.level === null ? stackTraces.reasons.join('; ') : null,
    score: {
      score: score.score,
      max: score.max,
      scoreWithSwitch: scoreWithSwitch ? scoreWithSwitch.score : null,
      asyncFrames: Object.fromEntries(Object.entries(score.byFailure).map(([w, r]) => [w, r.facts ? r.facts.asyncFrames : null])),
      byFailure: score.byFailure,
      reasons: score.reasons.concat(scoreWithSwitch ? [`with ${entry.longStackTraces} long stack traces: ${scoreWithSwitch.score}/${scoreWithSwitch.max}; ${scoreWithSwitch.reasons.join('; ')}`] : []),
    },
    traces: Object.values(plain).concat(switched ? Object.values(switched) : []),
  };
}

module.exports = { analyzeVariant, runChild, childEnv, sourceMapFlags, SELF, excerpt, sourceMapLevel, usesPromiseForms, WAYS, FAKES };
