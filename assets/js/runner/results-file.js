/* A reader's run as a data file in the shape of data/SCHEMA.md
(asyncbench/perf@1, validated against data/schema/perf.schema.json by
test/browser/browser-runner.test.js): one run, whose runtime is the
browser, and a cell per style with every repetition as a sample and the
summaries the harness writes (scripts/lib/stats.js). Made in the page and
saved by the reader's own browser: nothing is sent anywhere. What a page
cannot know is null (the CPU model, memory, the commit) and says so. */
'use strict';
var stats = require('../../../scripts/lib/stats');

var GENERATED_BY = 'assets/js/runner (Run it in your browser)';

function runtimeId(label) {
  return ('browser-' + label.name + '-' + label.version).toLowerCase().replace(/[^a-z0-9.@-]+/g, '-');
}

function summary(values) {
  return stats.summarize(values.filter(function (v) { return typeof v === 'number'; }));
}

function precision(values, target) {
  return values.length ? stats.medianPrecision(values, target) : undefined;
}

// run: run.js's Run after start(); label: browser-label.js's; comparison:
// the settings file's (the runtime whose figures the reader's sit beside).
function resultsFile(run, label, comparison) {
  var s = run.settings;
  var runtime = runtimeId(label);
  var runId = run.started.toISOString() + '/' + runtime;
  var runtimes = {};
  runtimes[runtime] = {
    id: runtime, name: label.name, version: label.version || 'unknown', v8: null, path: 'the reader\'s browser',
    flags: [], clock: 'performance.now', gc: false
  };
  var ua = navigator.userAgentData;
  var host = {
    cpu: 'not known to a page', cores: label.cores === null ? 0 : label.cores,
    os: (ua && ua.platform) || navigator.platform || 'unknown'
  };
  var cells = run.styles.map(function (style) {
    var samples = style.samples.map(function (x) {
      var out = { rep: x.rep, run: runId };
      for (var k in x) if (k !== 'rep') out[k] = x[k];
      if (out.status !== 'ok' && !out.error) out.error = 'no reason given';
      return out;
    });
    var ok = samples.filter(function (x) { return x.status === 'ok'; });
    var time = ok.map(function (x) { return x.timeMs; });
    var warm = ok.map(function (x) { return x.warmMs; }).filter(function (v) { return typeof v === 'number'; });
    var cell = {
      key: [runtime, s.scenario, s.mode, style.id, s.n].join('|'),
      runtime: runtime, scenario: s.scenario, mode: s.mode, variant: style.id, n: s.n, t: s.t,
      ioFloorMs: s.criticalPath * s.t, criticalPath: s.criticalPath,
      status: style.status === 'failed' ? 'crash' : ok.length ? 'ok' : samples.length ? samples[0].status : 'crash',
      run: runId, samples: samples,
      time: summary(time), memory: summary([]), heap: summary([]),
      latencyP50: summary(ok.map(function (x) { return x.p50Ms; })), latencyP99: summary(ok.map(function (x) { return x.p99Ms; })),
      noisy: stats.isNoisy(summary(time))
    };
    if (style.status === 'failed') {
      cell.error = 'failed the conformance check in the browser, not timed: ' + style.problems.map(function (p) {
        return p.name + ': ' + p.problems.join('; ');
      }).join(' | ');
    } else if (!ok.length) {
      cell.error = samples.length ? samples[0].error : 'the run was stopped before this style\'s first repetition';
    }
    if (time.length) cell.timeCi = precision(time, 5);
    if (warm.length) {
      cell.warm = summary(warm);
      cell.warmCi = precision(warm, 2);
    }
    if (ok.length) cell.warmUnsteady = ok.length - warm.length;
    return cell;
  });
  var runs = {};
  runs[runId] = {
    date: run.started.toISOString(), finished: run.finished && !run.stopped ? run.finished.toISOString() : null,
    wallMs: run.wallMs === null ? null : Math.round(run.wallMs), generatedBy: GENERATED_BY, argv: [],
    git: { commit: null, dirty: null }, host: host, runtimes: runtimes, libraries: {},
    harness: {
      scenarios: [s.scenario], modes: [s.mode], ns: [s.n], reps: run.reps, t: s.t, dt: s.dt, k: s.k, errorRate: s.errorRate, seed: s.seed,
      warmBatches: s.warmBatches, warmMinSteady: s.warmMinSteady, warmModes: [s.mode],
      comparedWith: comparison.runtime, stopped: run.stopped, hiddenReruns: run.styles.reduce(function (a, x) { return a + x.hiddenReruns; }, 0)
    }
  };
  return { schema: 'asyncbench/perf@1', generatedBy: GENERATED_BY, updated: new Date().toISOString(), runs: runs, cells: cells };
}

module.exports = { resultsFile: resultsFile };
