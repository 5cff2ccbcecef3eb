/* A reader's run: every chosen style's conformance check, then its
repetitions, each in a fresh worker (repetition.js). Repetitions go round
the styles (the first of each, then the second...), so whatever the machine
does meanwhile falls on every style alike, as the harness's shuffle spreads
it. A style that fails its check is reported failed and never timed. A
repetition during which the tab was hidden is thrown away and run again once
the tab is visible (the flag counts them). A repetition that gives no warm
figure (its warm series never settled, or it crashed) is kept and counted,
and another runs in its place, up to plan.maxReps in all, so a style ends
with the steady repetitions its median interval needs whenever it can, as
the harness adds repetitions for a warm figure. stop() ends the job in
flight; what finished stays. */
'use strict';
var startJob = require('./repetition').startJob;
var maxReps = require('./plan').maxReps;

function whenVisible() {
  if (document.visibilityState !== 'hidden') return Promise.resolve();
  return new Promise(function (resolve) {
    document.addEventListener('visibilitychange', function wait() {
      if (document.visibilityState === 'hidden') return;
      document.removeEventListener('visibilitychange', wait);
      resolve();
    });
  });
}

// styles: [{ id, title, url }]; settings: the worker's (n, t, warm rule...);
// reps: steady repetitions wanted per style; onChange(run): after every
// step, for the table, the chart and the progress bar.
function Run(styles, settings, reps, onChange) {
  this.settings = settings;
  this.reps = reps;
  this.maxReps = maxReps(reps);
  this.onChange = onChange;
  this.styles = styles.map(function (s) {
    return { id: s.id, title: s.title, url: s.url, status: 'waiting', problems: [], samples: [], hiddenReruns: 0 };
  });
  this.stopped = false;
  this.current = null;
  this.jobsDone = 0;
  this.batch = 0;
  this.started = new Date();
  this.finished = null;
  this.startedAt = performance.now();
  this.wallMs = null;
}

// A repetition that gives a warm figure (or, for a run without warm
// batches, any that finished).
Run.prototype.steady = function (style) {
  var warm = (this.settings.warmBatches || 0) > 0;
  return style.samples.filter(function (x) { return x.status === 'ok' && (!warm || typeof x.warmMs === 'number'); }).length;
};

// Repetitions a style is set to run now: those it needs, plus one for each
// that gave no warm figure, within maxReps; none once it failed its check.
Run.prototype.planned = function (style) {
  if (style.status === 'failed') return 0;
  var misses = style.samples.length - this.steady(style);
  return Math.max(style.samples.length, Math.min(this.maxReps, this.reps + misses));
};

// Jobs in all: a check per style, then its planned repetitions (tab-hidden
// reruns not counted).
Run.prototype.total = function () {
  var self = this;
  return self.styles.reduce(function (a, s) { return a + 1 + self.planned(s); }, 0);
};

// Batches one repetition runs: the cold one and the warm series.
Run.prototype.batchesPerRep = function () {
  var s = this.settings;
  return 1 + (s.warmBatches || 0);
};

Run.prototype.progress = function () {
  var part = Math.min(0.95, this.batch / this.batchesPerRep());
  return Math.min(1, (this.jobsDone + (this.current && this.current.measuring ? part : 0)) / this.total());
};

Run.prototype.job = function (style, job) {
  var self = this;
  self.batch = 0;
  var j = startJob(style.url, job, function (index) { self.batch = index; self.onChange(self); });
  j.measuring = job.job === 'measure';
  self.current = j;
  return j.promise.then(function (answer) {
    self.current = null;
    return answer;
  });
};

Run.prototype.check = function (style) {
  var self = this;
  style.status = 'checking';
  self.onChange(self);
  return self.job(style, { job: 'check' }).then(function (answer) {
    if (answer.type === 'stopped') return;
    var failed = answer.results ? answer.results.filter(function (r) { return r.problems.length; })
      : [{ name: 'the worker answers', problems: [answer.error || (answer.record && answer.record.error) || 'it gave no results'] }];
    style.problems = failed;
    style.status = failed.length ? 'failed' : 'checked';
    self.jobsDone++;
    self.onChange(self);
  });
};

Run.prototype.repetition = function (style, rep) {
  var self = this;
  return whenVisible().then(function () {
    if (self.stopped) return null;
    style.status = 'running';
    self.onChange(self);
    return self.job(style, { job: 'measure', settings: self.settings });
  }).then(function (answer) {
    if (!answer || answer.type === 'stopped') return;
    if (answer.hidden) {
      style.hiddenReruns++;
      return self.repetition(style, rep);
    }
    var record = answer.record || { status: 'crash', error: answer.error };
    record.rep = rep;
    style.samples.push(record);
    self.jobsDone++;
    self.onChange(self);
  });
};

// → a promise that settles when every job ran or the run was stopped.
Run.prototype.start = function () {
  var self = this;
  var steps = [];
  self.styles.forEach(function (s) { steps.push(function () { return self.check(s); }); });
  for (var rep = 1; rep <= self.maxReps; rep++) {
    self.styles.forEach(function (s) {
      steps.push(function () {
        return s.samples.length < self.planned(s) ? self.repetition(s, s.samples.length + 1) : null;
      });
    });
  }
  return steps.reduce(function (done, step) {
    return done.then(function () { return self.stopped ? null : step(); });
  }, Promise.resolve()).then(function () {
    self.styles.forEach(function (s) { if (s.status !== 'failed') s.status = s.samples.length ? 'done' : 'not run'; });
    self.finished = new Date();
    self.wallMs = performance.now() - self.startedAt;
    self.onChange(self);
    return self;
  });
};

Run.prototype.stop = function () {
  this.stopped = true;
  if (this.current) this.current.stop();
};

module.exports = { Run: Run };
