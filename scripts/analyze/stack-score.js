// Scores a captured stack trace against the line where the failing operation
// was called, maps a variant's traces to the 2013 article's five-level
// stack-trace scale, and adds up today's points score (nowScore, below). Pure functions: the fixtures in test/fixtures/analyzers
// exercise every level without running a variant.
//
// The scale, as we measure it (the article judged by hand; we keep its levels
// and make each one a rule over three injected failures):
//   callback  the fake I/O hands an error to its callback (or rejects)
//   throw     a fake throws when the variant calls it (Version.createHash)
//   poison    the variant's own code throws after resuming (reads file.version)
// A trace is "exact" when a frame in the variant's file sits on the expected
// line, "file" when the file appears on other lines only, "absent" otherwise.
//   5  always exact: all three exact with no switch
//   4  exact but fragile: throws on the variant's own stack are exact, an error
//      that comes back from I/O carries no exact frame of the variant
//   3  exact only with a flag: needs the library's long-stack switch to reach
//      5, and is worse than 3 without it
//   2  exact only with a native module or a runtime-level tracer outside the
//      library (the article's galaxy-stack). Kept on the scale for the 2013
//      comparison; nothing here runs such a tracer, so no variant gets it.
//   1  missing: even an error thrown on the variant's own stack does not
//      point at the line that failed
'use strict';

const SCORED_WAYS = ['callback', 'throw', 'poison'];

// `at fn (file:line:col)`, `at file:line:col`, `at async fn (file:line:col)`,
// `at new Promise (<anonymous>)`.
const FRAME = /^\s*at (?:(async) )?(?:(.*?) \((.*)\)|(.*))$/;
const LOCATION = /^(.*):(\d+):(\d+)$/;

// Lines long-stack libraries put between the stacks of earlier turns
// (Q and Bluebird: "From previous event:", genny: "From generator:").
const SEPARATOR = /^\s*From (previous event|generator):?\s*$/;

function classify(file, variantFiles, root) {
  if (!file) return 'node';
  if (variantFiles.includes(file)) return 'variant';
  if (file.startsWith('node:') || !file.includes('/')) return 'node';
  const rel = file.startsWith(root + '/') ? file.slice(root.length + 1) : file;
  if (rel.includes('node_modules/')) return 'library';
  if (rel === 'examples/lib/fakes.js') return 'fakes';
  if (rel.startsWith('examples/lib/')) return 'wrapper';
  if (rel.startsWith('scripts/')) return 'harness';
  return 'other';
}

// Stack text -> { message, frames: [{ text, fn, file, line, col, kind, async, section }] }.
// `section` counts separators seen: 0 is the stack of the turn that threw.
function parseStack(stack, { variantFiles, root }) {
  const lines = String(stack || '').split('\n');
  const frames = [];
  const message = [];
  let section = 0;
  for (const raw of lines) {
    if (SEPARATOR.test(raw)) {
      section++;
      continue;
    }
    const m = FRAME.exec(raw);
    if (!m) {
      if (frames.length === 0 && section === 0) message.push(raw);
      continue;
    }
    const where = m[3] !== undefined ? m[3] : m[4];
    const loc = LOCATION.exec(where);
    const file = loc ? loc[1].replace(/^file:\/\//, '') : null;
    frames.push({
      text: raw.trim(),
      fn: m[2] || null,
      file,
      line: loc ? Number(loc[2]) : null,
      col: loc ? Number(loc[3]) : null,
      kind: classify(file, variantFiles, root),
      async: m[1] === 'async',
      section,
    });
  }
  return { message: message.join('\n'), frames };
}

// How good one trace is, given the lines where the failing call sits.
function scoreTrace(parsed, expectedLines) {
  const variantFrames = parsed.frames.filter((f) => f.kind === 'variant');
  const first = parsed.frames.findIndex((f) => f.kind === 'variant');
  const before = { fakes: 0, wrapper: 0, library: 0, node: 0, harness: 0, other: 0 };
  for (const f of first < 0 ? parsed.frames : parsed.frames.slice(0, first)) before[f.kind]++;
  let distance = null;
  for (const f of variantFrames) {
    for (const e of expectedLines) {
      const d = Math.abs(f.line - e);
      if (distance === null || d < distance) distance = d;
    }
  }
  const quality = variantFrames.length === 0 ? 'absent' : distance === 0 ? 'exact' : 'file';
  const exactFrame = variantFrames.find((f) => expectedLines.includes(f.line));
  return {
    quality,
    namesFile: variantFrames.length > 0,
    exactLine: quality === 'exact',
    distance,
    firstVariantFrame: first < 0 ? null : first,
    // Only long-stack sections (or V8's `at async`) can hold the exact frame
    // of an error that was created in another turn.
    exactFrom: !exactFrame ? null : exactFrame.section > 0 ? 'long-stack' : exactFrame.async ? 'async-frame' : 'stack',
    libraryFramesBefore: before.wrapper + before.library + before.node,
    framesBefore: before,
    asyncFrames: parsed.frames.filter((f) => f.async).length,
    asyncVariantFrames: parsed.frames.filter((f) => f.async && f.kind === 'variant').length,
    longStackSections: parsed.frames.reduce((m, f) => Math.max(m, f.section), 0),
    frames: parsed.frames.length,
  };
}

function describe(way, t) {
  if (t.quality === 'exact') return `${way}: exact line${t.exactFrom !== 'stack' ? ` (from ${t.exactFrom})` : ''}`;
  if (t.quality === 'file') return `${way}: names the file, ${t.distance} line(s) from the failing call`;
  return `${way}: the variant's file is absent (${t.frames} frames)`;
}

// ways: { callback, throw, poison } each a scoreTrace result.
function scaleLevel(ways) {
  const q = (w) => ways[w].quality;
  const reasons = SCORED_WAYS.map((w) => describe(w, ways[w]));
  if (SCORED_WAYS.every((w) => q(w) === 'exact')) return { level: 5, reasons };
  if (q('throw') === 'exact' && q('poison') === 'exact') return { level: 4, reasons };
  return { level: 1, reasons };
}

// runs: { plain: ways, switched: ways | null, switchName } where the switch
// is the library's own long-stack flag (Q, Bluebird, genny). A way whose run
// failed (crash, timeout, no error delivered) makes the variant unscored.
function levelFor({ plain, switched = null, switchName = null }) {
  const failed = SCORED_WAYS.filter((w) => !plain[w] || plain[w].failed);
  if (failed.length) {
    return { level: null, levelWithoutSwitch: null, levelWithSwitch: null, reasons: failed.map((w) => `${w}: run failed (${plain[w] ? plain[w].failed : 'missing'}), not scored`) };
  }
  const base = scaleLevel(plain);
  const out = { level: base.level, levelWithoutSwitch: base.level, levelWithSwitch: null, reasons: base.reasons.slice() };
  const labels = { 5: 'always exact', 4: 'exact but fragile', 1: 'missing' };
  out.reasons.push(`without a switch: level ${base.level} (${labels[base.level]})`);
  if (switched && SCORED_WAYS.every((w) => switched[w] && !switched[w].failed)) {
    const sw = scaleLevel(switched);
    out.levelWithSwitch = sw.level;
    out.reasons.push(`with ${switchName} long stack traces: level ${sw.level}; ${SCORED_WAYS.map((w) => describe(w, switched[w])).join('; ')}`);
    if (sw.level === 5 && base.level < 3) {
      out.level = 3;
      out.reasons.push('level 3: exact in all three ways only with the library flag on');
    }
  }
  return out;
}

// The score of today (documented in data/SCHEMA.md, "debuggability score"):
// points from measured facts, all five injected failures, five points each.
//   line    2  the failing line is in the trace at Node's default
//              Error.stackTraceLimit (10); 1 only at the analyzer's high
//              limit; 0 not even then
//   done    1  the error reaches the caller's callback (not a crash, an
//              unhandled rejection or a throw out of upload())
//   direct  1  no wrapper, library or node-internal frame above the first
//              frame of the variant
//   async   1  V8 `at async` frames name the variant (the await chain)
// A failure whose run went wrong (timeout, another error, nothing reached
// the caller) scores 0 with that reason.
const NOW_WAYS = ['callback', 'reject', 'throw-at-io', 'throw', 'poison'];
const NOW_NAMES = {
  callback: 'I/O error to a callback',
  reject: 'rejected I/O promise',
  'throw-at-io': 'I/O call that throws',
  throw: 'throw inside a call',
  poison: 'throw right after a resume',
};
const POINTS_PER_FAILURE = 5;
const DEFAULT_STACK_LIMIT = 10;

// A trace record as data/debuggability.json keeps it: the scores of the run
// at the high limit, and `atDefaultLimit` for the same failure run again at
// Error.stackTraceLimit = 10 (null: not run; { failed }: that run failed).
function traceRecord({ outcome, high, low }, expectedLines) {
  const record = { outcome, ...scoreTrace(high, expectedLines) };
  if (low === undefined || low === null) record.atDefaultLimit = null;
  else if (low.failed) record.atDefaultLimit = { failed: low.failed };
  else {
    const t = scoreTrace(low, expectedLines);
    record.atDefaultLimit = { quality: t.quality, firstVariantFrame: t.firstVariantFrame, frames: t.frames, asyncVariantFrames: t.asyncVariantFrames };
  }
  return record;
}

const ESCAPES = {
  uncaught: 'escapes as an uncaught exception: the process crashes',
  'unhandled-rejection': 'escapes as an unhandled rejection: the process crashes',
  threw: 'is thrown out of upload() instead of reaching its callback',
};

// The facts of one failure, from its trace record.
function failureFacts(record) {
  const low = record.atDefaultLimit;
  return {
    lineAtDefaultLimit: !!(low && !low.failed && low.quality === 'exact'),
    lineAtHighLimit: record.quality === 'exact',
    reachesDone: record.outcome === 'done',
    outcome: record.outcome,
    libraryFramesBefore: record.firstVariantFrame === null ? null : record.libraryFramesBefore,
    asyncFrames: (record.asyncVariantFrames || 0) > 0,
  };
}

function failurePoints(way, record, highLimit) {
  const name = NOW_NAMES[way];
  if (!record || record.failed) {
    const why = record ? record.failed : 'not run';
    return { points: 0, max: POINTS_PER_FAILURE, facts: null, reasons: [`${name}: 0, the run failed (${why})`] };
  }
  const f = failureFacts(record);
  const parts = [];
  let points = 0;
  if (f.lineAtDefaultLimit) {
    points += 2;
    parts.push(`+2 failing line within the default ${DEFAULT_STACK_LIMIT} frames`);
  } else if (f.lineAtHighLimit) {
    points += 1;
    const low = record.atDefaultLimit;
    const why = !low ? 'not run at the default limit' : low.failed ? `the run at the default limit failed: ${low.failed}` : `lost at the default limit of ${DEFAULT_STACK_LIMIT} frames`;
    parts.push(`+1 failing line only at Error.stackTraceLimit ${highLimit} (${why})`);
  } else {
    parts.push(`+0 failing line absent even at Error.stackTraceLimit ${highLimit}${record.quality === 'file' ? ` (the file is named, ${record.distance} line(s) away)` : ''}`);
  }
  if (f.reachesDone) {
    points += 1;
    parts.push('+1 reaches done');
  } else {
    parts.push(`+0 ${ESCAPES[f.outcome] || `ends as "${f.outcome}"`}`);
  }
  if (f.libraryFramesBefore === 0) {
    points += 1;
    parts.push('+1 no library frame before the first variant frame');
  } else if (f.libraryFramesBefore === null) {
    parts.push('+0 no frame of the variant at all');
  } else {
    parts.push(`+0 ${f.libraryFramesBefore} library frame(s) before the first variant frame`);
  }
  if (f.asyncFrames) {
    points += 1;
    parts.push('+1 `at async` frames name the variant');
  } else {
    parts.push('+0 no `at async` frame of the variant');
  }
  return { points, max: POINTS_PER_FAILURE, facts: f, reasons: [`${name}: ${points}/${POINTS_PER_FAILURE} (${parts.join('; ')})`] };
}

// records: { callback, reject, 'throw-at-io', throw, poison } trace records of one switch
// setting. -> { score, max, byFailure: { way: { points, max, facts, reasons } }, reasons }
function nowScore(records, { highLimit = 50 } = {}) {
  const byFailure = {};
  for (const way of NOW_WAYS) byFailure[way] = failurePoints(way, records[way], highLimit);
  const score = NOW_WAYS.reduce((sum, w) => sum + byFailure[w].points, 0);
  return { score, max: NOW_WAYS.length * POINTS_PER_FAILURE, byFailure, reasons: NOW_WAYS.flatMap((w) => byFailure[w].reasons) };
}

module.exports = {
  parseStack, scoreTrace, scaleLevel, levelFor, classify, SCORED_WAYS,
  traceRecord, failureFacts, nowScore, NOW_WAYS, NOW_NAMES, POINTS_PER_FAILURE, DEFAULT_STACK_LIMIT,
};
