/* Flot plugin for the reader's filter: a regular expression over the series
labels, typed into a field of the page, hides (or keeps only) the series it
matches, as the 2013 article's charts did. A series whose legend shows a name
other than its label (a style's name beside its id, `name`) matches by
either, so a reader may type what the legend shows and an author what the
data files key.

Options (per plot):

    regexFilter: {
        input: null,       // the text field; its value is the pattern
        error: null,       // element that says why a pattern was refused
        busy: null,        // element marked aria-busy until the typed pattern is drawn or refused
        mode: "hide",      // "hide": matching series are hidden; "show": only they are drawn
        regex: "",         // the author's pattern, the one the page starts with
        worker: "/assets/js/chart-filter-worker.js", // matches a reader's pattern
        limit: 1000,       // ms a reader's pattern may take before it is refused
        pause: 100         // ms of no typing before a typed pattern is matched
    }

A reader's pattern is matched in a Web Worker with a time limit: a pattern
such as ((.+)+)+X backtracks for hours on a 24-character label, and on the
page's thread it froze the tab. The limit is far above what any workable
pattern needs over a few hundred labels, plus the worker's start. The
author's own pattern ran at build time over the same labels, so it is
matched here directly, and so is a pattern this page matched before. An
invalid or too slow pattern leaves the chart as it was and says why in
`error`.

Each plot keeps one worker for all its patterns, and matches one pattern at
a time: a pattern typed while another is matched waits for it, and only the
latest one typed is matched next. Ending the worker is kept for a pattern
past the limit (the next pattern gets a new one): ending and starting one per
keystroke made 1,782 workers in 13 s at 1,000 edits a second, and stalled
the page for seconds. Typing is matched once the reader pauses; whether a
pattern is valid is said at once.

Methods added to the plot: plot.setFilter(text) (matched at once, no pause),
plot.getFilter() -> { text, valid, applied, pending }: the field's text,
whether it was accepted, the pattern the chart applies, and the pattern on
its way (typed or being matched; null when none is).

Triggers "plotfiltersettled" on the placeholder once a reader's pattern is
drawn or refused (the URL state waits for it).

@provides regexFilter
@needs seriesSelect: plot.setSeriesOut leaves the filtered series out
*/
(function ($) {
    'use strict';

    var options = {
        regexFilter: {
            input: null,
            error: null,
            busy: null,
            mode: 'hide',
            regex: '',
            worker: '/assets/js/chart-filter-worker.js',
            limit: 1000,
            pause: 100
        }
    };

    // Patterns already matched, by pattern and labels: a plot drawn again
    // (a colour-scheme change) or a pattern typed again applies at once.
    var matched = new Map();
    var REMEMBER = 50;

    function init(plot) {
        var worker = null;   // this plot's, kept from one pattern to the next
        var running = null;  // { source, timer }: the pattern the worker is matching
        var wanted = null;   // the pattern to draw once matched, or null
        var typing = null;   // the pause before a typed pattern is matched
        var applied = '';    // the pattern the chart applies

        function o() { return plot.getOptions().regexFilter; }

        // The series a set of matching labels (null: no pattern) leaves out.
        function outTest(hits) {
            if (!hits) return null;
            var hide = o().mode !== 'show';
            return function (label) { return hits(label) === hide; };
        }

        // The texts a pattern is matched against, per series: its label, and
        // its name where that differs.
        function texts(s) {
            return s.name && s.name !== s.label ? [s.label, s.name] : [s.label];
        }

        // Looked up when a label is tested, not when the test is made: the
        // author's pattern is set in processOptions, before the plot has
        // any series to read a name from.
        function authorHits() {
            if (!o().regex) return null;
            var re = new RegExp(o().regex);
            return function (label) {
                var s = plot.getData().filter(function (x) { return x.label === label; })[0];
                return (s ? texts(s) : [label]).some(function (t) { return re.test(t); });
            };
        }

        function labels() {
            return plot.getData().map(function (s) { return s.label; });
        }

        function keyOf(source) {
            return source + '\u0000' + labels().join('\u0000');
        }

        function say(message) {
            if (o().error) o().error.textContent = message;
            if (o().input) {
                if (message) o().input.setAttribute('aria-invalid', 'true');
                else o().input.removeAttribute('aria-invalid');
            }
        }

        function busy(on) {
            if (!o().busy) return;
            if (on) o().busy.setAttribute('aria-busy', 'true');
            else o().busy.removeAttribute('aria-busy');
        }

        // The end of a pattern: drawn (hits: a test of a label, or null for
        // no filter) or refused (problem says why; the chart is unchanged).
        function settle(source, hits, problem) {
            wanted = null;
            clearTimeout(typing);
            typing = null;
            busy(false);
            if (problem) say(problem);
            else {
                say('');
                applied = source;
                plot.setSeriesOut('filter', outTest(hits));
            }
            plot.getPlaceholder().trigger('plotfiltersettled', [applied]);
        }

        function endWorker() {
            if (worker) worker.terminate();
            worker = null;
        }

        function answered(source, hits) {
            clearTimeout(running.timer);
            running = null;
            if (source === wanted) settle(source, hits);
            next();
        }

        // Starts matching the wanted pattern, unless the worker is busy (its
        // answer calls this again) or the reader is still typing.
        function next() {
            if (running || typing || wanted === null) return;
            var source = wanted, names = labels(), key = keyOf(source);
            var candidates = plot.getData().map(texts);
            try {
                worker = worker || new Worker(o().worker);
            } catch (err) {
                return settle(source, null, 'The filter cannot run in this browser (' + err.message + '). The chart is unchanged.');
            }
            running = { source: source };
            worker.onmessage = function (e) {
                var set = new Set(names.filter(function (l, i) { return e.data[i]; }));
                if (matched.size >= REMEMBER) matched.delete(matched.keys().next().value);
                matched.set(key, set);
                answered(source, function (label) { return set.has(label); });
            };
            worker.onerror = function (e) {
                e.preventDefault();
                if (running) clearTimeout(running.timer);
                running = null;
                endWorker();
                if (wanted !== null) settle(wanted, null, 'The filter could not run (' + (e.message || 'its script failed to load') + '). The chart is unchanged.');
            };
            // Stuck past the limit: this worker is ended, and the wanted
            // pattern (this one, or one typed since) gets a new one.
            running.timer = setTimeout(function () {
                running = null;
                endWorker();
                if (source === wanted) settle(source, null, 'This pattern takes too long to match (over ' + o().limit / 1000 + ' s), so the chart is unchanged. Try a simpler one: nested repeats such as (a+)+ are slow.');
                next();
            }, o().limit);
            worker.postMessage({ source: source, labels: candidates });
        }

        // A pattern to draw, matched after `pause` ms (0: now). A newer one
        // replaces it; a match already running is left to finish.
        function request(text, pause) {
            clearTimeout(typing);
            typing = null;
            if (o().input && o().input.value !== text) o().input.value = text;
            try {
                if (text) new RegExp(text);
            } catch (err) {
                return settle(text, null, 'Not a valid regular expression: ' + err.message.replace(/^Invalid regular expression: /, '') + '. The chart is unchanged.');
            }
            if (!text || text === o().regex) return settle(text, text ? authorHits() : null);
            var known = matched.get(keyOf(text));
            if (known) return settle(text, function (label) { return known.has(label); });
            wanted = text;
            busy(true);
            if (pause > 0) {
                typing = setTimeout(function () {
                    typing = null;
                    next();
                }, pause);
            } else next();
        }

        plot.setFilter = function (text) { request(text, 0); };

        plot.getFilter = function () {
            var input = o().input;
            return {
                text: input ? input.value : o().regex,
                valid: !input || input.getAttribute('aria-invalid') !== 'true',
                applied: applied,
                pending: wanted
            };
        };

        // The author's pattern is in place before the first draw.
        plot.hooks.processOptions.push(function (plot) {
            applied = o().regex;
            plot.setSeriesOut('filter', outTest(authorHits()), true);
        });

        plot.hooks.bindEvents.push(function (plot) {
            var input = o().input;
            if (input) $(input).on('input.flotRegexFilter', function () { request(input.value, o().pause); });
        });

        // `wanted` stays: the URL state hands it to the plot drawn next.
        plot.hooks.shutdown.push(function (plot) {
            clearTimeout(typing);
            typing = null;
            if (running) clearTimeout(running.timer);
            running = null;
            busy(false);
            endWorker();
            if (o().input) $(o().input).off('.flotRegexFilter');
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'regexFilter',
        version: '1.1'
    });
})(jQuery);
