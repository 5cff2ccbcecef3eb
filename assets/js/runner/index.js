/* "Run it in your browser" (the main article): the runner, fetched by the
chart loader when the reader opens the panel (site/render/browser-runner-html.js).
It fetches its settings (the batch and warm rule of the run behind the chart
beside it, the styles and their worker bundles, the quick run and what each
style costs in a browser: _config/browser-runner.js), builds the controls
with the quick run chosen and its estimate (plan.js), and runs the reader's
choice: a conformance check per style, then each repetition in a fresh Web
Worker (run.js), the table (results-table.js), the chart (ratio-chart.js)
and the download (results-file.js) filled in as repetitions finish, and
once it ends, which pairs it ranks (verdict.js). Nothing is sent anywhere.

Tests may set window.asyncbenchRunnerTest = { n, reps, warmBatches,
warmMinSteady } before opening the panel: a small batch and few repetitions, so a
browser test finishes in seconds. Readers never do; the label then says the
figures are a test's. */
'use strict';
var controls = require('./controls').controls;
var Run = require('./run').Run;
var figures = require('./figures');
var resultsTable = require('./results-table').resultsTable;
var fillReaderColumn = require('./ratio-chart').fillReaderColumn;
var resultsFile = require('./results-file').resultsFile;
var browserLabel = require('./browser-label').browserLabel;
var planLib = require('./plan');
var verdict = require('./verdict');
var cost = require('../cost-format');

var panel = document.querySelector('details[data-runner]');
var body = panel && panel.querySelector('.runner-body');

function fail(message) {
  body.querySelector('.runner-status').textContent = message;
}

function settingsFor(config, test) {
  var s = {};
  Object.keys(config.comparison.settings).forEach(function (k) { s[k] = config.comparison.settings[k]; });
  if (test) ['n', 'warmBatches', 'warmMinSteady'].forEach(function (k) { if (test[k] !== undefined) s[k] = test[k]; });
  return s;
}

function describeSettings(s, warmBatches, ours, config) {
  return 'Each repetition: ' + s.n + ' concurrent uploads against the fakes, every fake operation ' + s.t +
    ' ms, one cold batch, then ' + warmBatches + ' warm batches whose steady part (the last ' + s.warmMinSteady +
    ' at least) gives the warm figure, as the harness runs them for ' + config.comparison.ours +
    (warmBatches === ours ? '.' : ', whose series is ' + ours + ' batches long.');
}

// How long the chosen run takes, priced from each style's times in the
// benchmark's Chromium run on a two-core host (plan.js).
function estimateText(est) {
  var guessed = est.guessed.length ? ' ' + est.guessed.length + (est.guessed.length === 1 ? ' style has' : ' styles have') +
    ' no Chromium figures of ours and is priced as a typical style.' : '';
  return 'Estimated time: about ' + planLib.duration(est.ms) + ', at most ' + planLib.duration(est.mostMs) +
    ' if repetitions whose warm series did not settle must be run again, on a two-core machine like ours ' +
    '(from each style’s times in Chromium there; a faster machine takes less).' + guessed;
}

// Once a tenth of the run is done its own pace says what is left; before,
// the estimate does.
function timeLeft(run, expectedMs) {
  var done = run.progress(), spent = performance.now() - run.startedAt;
  var left = done >= 0.1 ? spent * (1 - done) / done : Math.max(0, expectedMs - spent);
  return 'about ' + planLib.duration(left) + ' left';
}

function samePlan(a, b) {
  return a.reps === b.reps && a.warmBatches === b.warmBatches && a.styles.length === b.styles.length &&
    a.styles.every(function (id) { return b.styles.indexOf(id) >= 0; });
}

// The chart of our ratios (built by the site, shipped in the settings): put
// in the panel and handed to charts.js, whose bundle is fetched now if no
// chart above has fetched it (it then draws every figure, this one too).
function showChart(chart) {
  var holder = document.createElement('div');
  holder.innerHTML = chart.html;
  var fig = holder.querySelector('figure[data-chart]');
  body.appendChild(fig);
  if (window.jQuery && window.jQuery.plot) {
    fig.dispatchEvent(new CustomEvent('chartdata', { bubbles: true }));
  } else if (!document.querySelector('script[src="' + chart.bundle + '"]')) {
    var s = document.createElement('script');
    s.src = chart.bundle;
    document.head.appendChild(s);
  }
  return fig;
}

function start(config) {
  var test = window.asyncbenchRunnerTest || null;
  var label = browserLabel(navigator);
  var settings = settingsFor(config, test);
  var fewest = figures.fewestForInterval();
  var baseline = config.comparison.baseline;
  var ours = config.comparison.settings.warmBatches;
  // The two runs a click away; a test's settings replace their repetitions and warm series.
  var quick = { styles: config.plan.quick.styles.slice(), reps: config.plan.quick.reps, warmBatches: config.plan.quick.warmBatches };
  var full = { styles: config.styles.map(function (s) { return s.id; }), reps: quick.reps, warmBatches: ours };
  if (test) {
    [quick, full].forEach(function (p) {
      if (test.reps) p.reps = test.reps;
      if (test.warmBatches !== undefined) p.warmBatches = test.warmBatches;
    });
  }
  var warmChoices = test && test.warmBatches !== undefined ? [[test.warmBatches, test.warmBatches + ' (test settings)']]
    : [[quick.warmBatches, quick.warmBatches + ' (the quick run)'], [ours, ours + ' (as our runs)']];
  var c = controls(config, test ? 1 : fewest, warmChoices, '');
  var about = function (p) { return planLib.estimate(p, config.costs); };
  c.quick.textContent = 'Quick run: ' + quick.styles.length + ' styles, about ' + planLib.duration(about(quick).ms);
  c.full.textContent = 'Full set: ' + full.styles.length + ' styles, about ' + planLib.duration(about(full).ms);
  c.setPlan(quick);
  function planChanged() {
    var p = c.plan();
    c.label.textContent = 'Your figures will come from ' + label.text + (test ? ' (test settings)' : '') + '. ' +
      describeSettings(settings, p.warmBatches, ours, config);
    c.estimate.textContent = estimateText(about(p));
    c.quick.setAttribute('aria-pressed', String(samePlan(p, quick)));
    c.full.setAttribute('aria-pressed', String(samePlan(p, full)));
  }
  planChanged();
  c.root.addEventListener('change', planChanged);
  c.root.addEventListener('input', planChanged);
  c.quick.addEventListener('click', function () { c.setPlan(quick); planChanged(); });
  c.full.addEventListener('click', function () { c.setPlan(full); planChanged(); });
  body.textContent = '';
  body.appendChild(c.root);
  var fig = showChart(config.chart);
  var byId = {};
  config.styles.forEach(function (s) { byId[s.id] = s; });
  var run = null;

  function show(ended) {
    var rows = figures.rows(run, baseline);
    var caption = 'Your browser: ' + label.text + '. n = ' + settings.n + ', ' + run.settings.warmBatches + ' warm batches. ' +
      'Cold and warm medians over repetitions in fresh workers; ' +
      'per call: the cost over nested callbacks, (warm − theirs) / n; ratio: warm time over theirs; each with its 95 % interval.';
    c.results.textContent = '';
    c.results.appendChild(resultsTable(rows, caption, ended));
    var hidden = rows.reduce(function (a, r) { return a + r.hiddenReruns; }, 0);
    if (hidden) {
      c.results.appendChild(document.createElement('p')).textContent = hidden + (hidden === 1 ? ' repetition was' : ' repetitions were') +
        ' run again because the tab was hidden while it ran: a background tab’s timers are throttled.';
    }
    c.progress.value = run.progress();
    return rows;
  }

  function chart(rows) {
    if (!fig) return;
    var ratios = {};
    rows.forEach(function (r) {
      if (r.baseline && r.warm.value !== null) ratios[r.id] = { ratio: 1, ci: [1, 1], reps: r.reps };
      else if (r.cost && r.cost.ratio !== null) ratios[r.id] = { ratio: r.cost.ratio, ci: r.cost.ratioCi95, reps: r.reps };
    });
    fillReaderColumn(fig, ratios, rows.map(function (r) { return r.id; }), label.name + (label.version ? ' ' + label.version.split('.')[0] : '') + ' (yours)');
  }

  c.start.addEventListener('click', function () {
    var p = c.plan();
    var ids = p.styles;
    if (ids.indexOf(baseline) < 0) ids.unshift(baseline);
    var styles = ids.map(function (id) { return byId[id]; });
    var runSettings = {};
    Object.keys(settings).forEach(function (k) { runSettings[k] = settings[k]; });
    runSettings.warmBatches = p.warmBatches;
    var lastDone = -1;
    c.verdict.textContent = '';
    var expected = about(p).ms;
    run = new Run(styles, runSettings, p.reps, function (r) {
      var rows = show();
      c.status.textContent = r.stopped ? 'Stopping…' : 'Running: ' + Math.round(r.progress() * 100) + ' %, ' + timeLeft(r, expected);
      if (r.jobsDone !== lastDone) { lastDone = r.jobsDone; chart(rows); }
    });
    c.lock(true);
    c.download.disabled = true;
    panel.removeAttribute('data-runner-state');
    run.start().then(function (r) {
      c.lock(false);
      c.download.disabled = false;
      c.progress.value = r.stopped ? r.progress() : 1;
      var rows = show(true);
      chart(rows);
      c.verdict.textContent = '';
      c.verdict.appendChild(verdict.verdictElement(verdict.verdict(rows, fewest), cost.ratio));
      c.status.textContent = r.stopped ? 'Stopped: the rows keep what finished.' : 'Done.';
      panel.setAttribute('data-runner-state', r.stopped ? 'stopped' : 'done');
    });
  });

  c.stop.addEventListener('click', function () {
    if (run) run.stop();
  });

  c.download.addEventListener('click', function () {
    if (!run) return;
    var text = JSON.stringify(resultsFile(run, label, config.comparison), null, 1);
    var a = document.createElement('a');
    a.href = 'data:application/json;charset=utf-8,' + encodeURIComponent(text);
    a.download = 'asyncbench-browser-' + run.started.toISOString().slice(0, 19).replace(/[:T]/g, '-') + '.json';
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
}

if (body) {
  var link = null;
  fetch(panel.getAttribute('data-runner-config'))
    .then(function (res) {
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json();
    })
    .then(function (config) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = config.stylesheet;
      document.head.appendChild(link);
      start(config);
    })
    .catch(function (err) {
      fail('The runner could not load its settings (' + err.message + '); reload the page to try again.');
    });
}
