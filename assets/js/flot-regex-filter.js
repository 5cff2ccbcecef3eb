/* Flot plugin for the reader's filter: a regular expression over the series
labels, typed into a field of the page, hides (or keeps only) the series it
matches, as the 2013 article's charts did. Needs the seriesSelect plugin.

Options (per plot):

    regexFilter: {
        input: null,       // the text field; its value is the pattern
        error: null,       // element that says why a pattern was refused
        busy: null,        // element marked aria-busy while a pattern is matched
        mode: "hide",      // "hide": matching series are hidden; "show": only they are drawn
        regex: "",         // the author's pattern, the one the page starts with
        worker: "/assets/js/chart-filter-worker.js", // matches a reader's pattern
        limit: 1000        // ms a reader's pattern may take before it is refused
    }

A reader's pattern is matched in a Web Worker with a time limit: a pattern
such as ((.+)+)+X backtracks for hours on a 24-character label, and on the
page's thread it froze the tab. The limit is far above what any workable
pattern needs over a few hundred labels, plus the worker's start. The
author's own pattern ran at build time over the same labels, so it is
matched here directly, and so is a pattern this page matched before. Typing again drops a match still running: its worker
is ended. An invalid or too slow pattern leaves the chart as it was and says
why in `error`.

Methods added to the plot: plot.setFilter(text), plot.getFilter() ->
{ text, valid }.
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
            limit: 1000
        }
    };

    // Patterns already matched, by pattern and labels: a plot drawn again
    // (a colour-scheme change) or a pattern typed again applies at once.
    var matched = new Map();
    var REMEMBER = 50;

    function init(plot) {
        var worker = null, timer = null;

        function o() { return plot.getOptions().regexFilter; }

        // The series a set of matching labels (null: no pattern) leaves out.
        function outTest(hits) {
            if (!hits) return null;
            var hide = o().mode !== 'show';
            return function (label) { return hits(label) === hide; };
        }

        function authorHits() {
            if (!o().regex) return null;
            var re = new RegExp(o().regex);
            return function (label) { return re.test(label); };
        }

        function say(message) {
            if (o().error) o().error.textContent = message;
            if (o().input) {
                if (message) o().input.setAttribute('aria-invalid', 'true');
                else o().input.removeAttribute('aria-invalid');
            }
        }

        function apply(hits) {
            say('');
            plot.setSeriesOut('filter', outTest(hits));
        }

        function endWorker() {
            if (worker) worker.terminate();
            worker = null;
        }

        function stopMatch() {
            if (timer) {
                clearTimeout(timer);
                timer = null;
                endWorker();
            }
            if (o().busy) o().busy.removeAttribute('aria-busy');
        }

        // done(test for matching labels) or done(null, why not).
        function match(source, done) {
            var labels = plot.getData().map(function (s) { return s.label; });
            var key = source + '\u0000' + labels.join('\u0000');
            var known = matched.get(key);
            if (known) return done(function (label) { return known.has(label); });
            try {
                worker = worker || new Worker(o().worker);
            } catch (err) {
                return done(null, 'The filter cannot run in this browser (' + err.message + '). The chart is unchanged.');
            }
            var finish = function (hits, problem) {
                clearTimeout(timer);
                timer = null;
                done(hits, problem);
            };
            worker.onmessage = function (e) {
                var set = new Set(labels.filter(function (l, i) { return e.data[i]; }));
                if (matched.size >= REMEMBER) matched.delete(matched.keys().next().value);
                matched.set(key, set);
                finish(function (label) { return set.has(label); });
            };
            worker.onerror = function (e) {
                e.preventDefault();
                endWorker();
                finish(null, 'The filter could not run (' + (e.message || 'its script failed to load') + '). The chart is unchanged.');
            };
            timer = setTimeout(function () {
                endWorker();
                finish(null, 'This pattern takes too long to match (over ' + o().limit / 1000 + ' s), so the chart is unchanged. Try a simpler one: nested repeats such as (a+)+ are slow.');
            }, o().limit);
            worker.postMessage({ source: source, labels: labels });
        }

        plot.setFilter = function (text) {
            stopMatch();
            if (o().input && o().input.value !== text) o().input.value = text;
            try {
                if (text) new RegExp(text);
            } catch (err) {
                return say('Not a valid regular expression: ' + err.message.replace(/^Invalid regular expression: /, '') + '. The chart is unchanged.');
            }
            if (!text || text === o().regex) return apply(text ? authorHits() : null);
            if (o().busy) o().busy.setAttribute('aria-busy', 'true');
            match(text, function (hits, problem) {
                if (o().busy) o().busy.removeAttribute('aria-busy');
                if (hits) apply(hits); else say(problem);
            });
        };

        plot.getFilter = function () {
            var input = o().input;
            return { text: input ? input.value : o().regex, valid: !input || input.getAttribute('aria-invalid') !== 'true' };
        };

        // The author's pattern is in place before the first draw.
        plot.hooks.processOptions.push(function (plot) {
            plot.setSeriesOut('filter', outTest(authorHits()), true);
        });

        plot.hooks.bindEvents.push(function (plot) {
            var input = o().input;
            if (input) $(input).on('input.flotRegexFilter', function () { plot.setFilter(input.value); });
        });

        plot.hooks.shutdown.push(function (plot) {
            stopMatch();
            endWorker();
            if (o().input) $(o().input).off('.flotRegexFilter');
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'regexFilter',
        version: '1.0'
    });
})(jQuery);
