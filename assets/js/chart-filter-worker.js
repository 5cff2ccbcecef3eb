/* Matches a reader's filter pattern against the series labels of one chart,
for charts.js, off the page's thread: a pattern that backtracks for minutes
then costs only this worker, which charts.js ends after its time limit.
Message in: {source, labels}; out: one boolean per label. The pattern was
already compiled once by charts.js, so it is a valid regular expression. */
self.onmessage = function (e) {
  var re = new RegExp(e.data.source);
  self.postMessage(e.data.labels.map(function (label) { return re.test(label); }));
};
