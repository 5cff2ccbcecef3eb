/* Matches a reader's filter patterns against the series labels of one chart,
for flot-regex-filter.js, off the page's thread: one worker per chart, sent
one pattern at a time. A pattern that backtracks for minutes then costs only
this worker, which the plugin ends after its time limit.
Message in: {source, labels}, each label a text or the texts one series
answers to (its label and its name); out: one boolean per label, true when
any of its texts matches. The pattern was already compiled once by the
plugin, so it is a valid regular expression. */
self.onmessage = function (e) {
  var re = new RegExp(e.data.source);
  self.postMessage(e.data.labels.map(function (label) {
    return [].concat(label).some(function (text) { return re.test(text); });
  }));
};
