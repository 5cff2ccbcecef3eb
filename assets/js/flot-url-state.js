/* Flot plugin that keeps the reader's view of every chart on the page in the
URL fragment (written and read by window.chartState, assets/js/chart-state.js),
so a copied link opens the same view: the filter pattern, the hidden series,
the log axis and the data table, read from and applied through the plugins
that draw them (@needs below). The author's view is what the plot opened
with, the series a readable view hides included (htmlLegend's `hidden`).

Options (per plot):

    urlState: {
        key: null,     // this chart's part of the fragment (its figure id without "chart-")
        figure: null,  // the figure: a reader's change inside it (input, change,
                       // click) is written to the fragment once the reader pauses
        table: null,   // the <details> of its data table
        reset: null    // button that brings back the author's view
    }

One page holds several plots, drawn lazily, so the page's side lives here
once: the fragment read when the page opens (and on hashchange) applies to
each plot as it is created, the parts of charts not drawn yet stay in the
fragment, and every ".chart-permalink" link carries the whole view anchored
at its own figure. A fragment with chart parts sets every chart (the ones it
leaves out go back to the author's view); a plain anchor leaves them as they
are. replaceState, not pushState: no history entry per keystroke. A plot
shut down to be drawn again (a colour-scheme change) hands its view to the
next plot with its key.

The filter is written as the chart applies it, once it is drawn or refused
(regexFilter's "plotfiltersettled"): a refused pattern leaves the chart, and
so the link, as it was. Nothing is written while any chart's pattern is on
its way; a fixed pause did not do: a pattern answered after it was drawn
and never written (issue 38).

@provides urlState
@needs chartState: window.chartState writes and reads the fragment
@needs regexFilter: plot.getFilter and setFilter, and "plotfiltersettled" to write a pattern once
    it is drawn or refused
@needs htmlLegend: plot.getHiddenSeries, setHiddenSeries and getOpeningHidden
@needs logScale: plot.isLogScale and setLogScale
@needs seriesHighlight: plot.unhighlightSeries when a view is applied
*/
(function ($) {
    'use strict';

    var options = { urlState: { key: null, figure: null, table: null, reset: null } };
    var page = null;

    function keyOf(fig) { return fig.id.replace(/^chart-/, ''); }

    // The author's view of a plot: what it was created with.
    function author(plot) {
        return plot.urlStateAuthor;
    }

    function sameLabels(a, b) {
        return a.length === b.length && a.every(function (l) { return b.indexOf(l) >= 0; });
    }

    // A pattern on its way, or null.
    function pendingFilter(plot) {
        return plot.getFilter ? plot.getFilter().pending : null;
    }

    // What differs from the author's view, or null. A pattern on its way
    // counts only for a plot shut down (handed to the next one, which
    // matches it again): write() waits for it to settle.
    function viewState(plot) {
        var st = {}, any = false, table = plot.getOptions().urlState.table;
        var f = plot.getFilter && plot.getFilter();
        var regex = f ? (f.pending !== null ? f.pending : f.applied) : author(plot).regex;
        if (regex !== author(plot).regex) { st.regex = regex; any = true; }
        var hidden = plot.getHiddenSeries ? plot.getHiddenSeries() : [];
        if (!sameLabels(hidden, author(plot).hidden)) { st.hidden = hidden; any = true; }
        if (plot.isLogScale && plot.isLogScale() !== author(plot).log) { st.log = plot.isLogScale(); any = true; }
        if (table && table.open) { st.table = true; any = true; }
        return any ? st : null;
    }

    // Applies a parsed state ({} is the author's view). Labels the chart does
    // not have and patterns that do not compile are ignored; a pattern that
    // backtracks forever only costs the filter worker its time limit.
    function applyState(plot, st) {
        var o = plot.getOptions().urlState, regex = author(plot).regex;
        if (typeof st.regex === 'string') {
            try { new RegExp(st.regex); regex = st.regex; } catch (err) { /* keep the author's */ }
        }
        if (plot.setHiddenSeries) plot.setHiddenSeries(st.hidden || author(plot).hidden);
        if (plot.setLogScale) plot.setLogScale(typeof st.log === 'boolean' ? st.log : author(plot).log);
        if (o.table) plot.urlStateTableOpen = o.table.open = st.table === true;
        if (plot.unhighlightSeries) plot.unhighlightSeries();
        if (plot.setFilter) plot.setFilter(regex);
    }

    function hasParts(parsed) {
        return Object.keys(parsed.charts).some(function (k) { return document.getElementById('chart-' + k); });
    }

    // The view of the page, anchored at `at`: drawn charts as they are,
    // the others as the fragment left them.
    function view(at) {
        var v = { anchor: at, charts: {} }, pending = hasParts(page.parsed) ? page.parsed.charts : {};
        Array.prototype.forEach.call(document.querySelectorAll('figure[data-chart]'), function (fig) {
            var key = keyOf(fig), plot = page.plots[key];
            var st = plot ? viewState(plot) : page.carried[key] || pending[key];
            if (st) v.charts[key] = st;
        });
        return v;
    }

    function write() {
        // The chart whose pattern settles writes again (onSettled).
        if (Object.keys(page.plots).some(function (key) { return pendingFilter(page.plots[key]) !== null; })) return;
        var S = window.chartState, frag = S.format(view(page.anchor));
        if (frag !== location.hash && !(frag === '' && !location.hash)) {
            history.replaceState(history.state, '', frag || location.pathname + location.search);
        }
        Array.prototype.forEach.call(document.querySelectorAll('.chart-permalink'), function (a) {
            var target = a.closest('figure');
            if (target && target.id) a.setAttribute('href', S.format(view(target.id)));
        });
    }

    // Written once the reader pauses.
    function later() {
        clearTimeout(page.timer);
        page.timer = setTimeout(write, 120);
    }

    function read() {
        page.parsed = window.chartState.parse(location.hash);
        page.anchor = page.parsed.anchor;
        if (!hasParts(page.parsed)) return;
        Object.keys(page.plots).forEach(function (key) {
            try {
                applyState(page.plots[key], page.parsed.charts[key] || {});
            } catch (err) {
                console.warn('chart ' + key + ': state from the link ignored: ' + err.message);
            }
        });
    }

    function start() {
        if (page) return page;
        page = { plots: {}, carried: {}, parsed: null, anchor: null, timer: null };
        read();
        window.addEventListener('hashchange', function () {
            read();
            var el = page.anchor && document.getElementById(page.anchor);
            if (el) el.scrollIntoView();
            write();
        });
        return page;
    }

    function init(plot) {
        var o, onChange, onToggle, onReset, onSettled;

        plot.hooks.bindEvents.push(function (plot) {
            o = plot.getOptions().urlState;
            if (!o.key || !window.chartState || !window.history || !history.replaceState) return;
            start();
            plot.urlStateAuthor = {
                regex: plot.getOptions().regexFilter ? plot.getOptions().regexFilter.regex : '', log: plot.isLogScale ? plot.isLogScale() : false,
                hidden: plot.getOpeningHidden ? plot.getOpeningHidden() : []
            };
            page.plots[o.key] = plot;
            var st = o.key in page.carried ? page.carried[o.key] : hasParts(page.parsed) ? page.parsed.charts[o.key] : null;
            delete page.carried[o.key];
            if (st) {
                try { applyState(plot, st); } catch (err) { console.warn('chart ' + o.key + ': state from the link ignored: ' + err.message); }
            }
            onChange = function () {
                page.anchor = o.figure.id;
                later();
            };
            if (o.figure) ['input', 'change', 'click'].forEach(function (type) { o.figure.addEventListener(type, onChange); });
            onSettled = function () { later(); };
            plot.getPlaceholder().on('plotfiltersettled', onSettled);
            // toggle does not bubble, and it comes a task after any change of
            // `open`, ours included: only a change away from what this plugin
            // last set counts as the reader's.
            if (o.table) {
                plot.urlStateTableOpen = o.table.open;
                onToggle = function () {
                    if (o.table.open === plot.urlStateTableOpen) return;
                    plot.urlStateTableOpen = o.table.open;
                    onChange();
                };
                o.table.addEventListener('toggle', onToggle);
            }
            if (o.reset) {
                onReset = function () { applyState(plot, { table: Boolean(o.table && o.table.open) }); };
                o.reset.addEventListener('click', onReset);
            }
            later();
        });

        plot.hooks.shutdown.push(function (plot) {
            if (!page || !o || page.plots[o.key] !== plot) return;
            page.carried[o.key] = viewState(plot) || {};
            delete page.plots[o.key];
            if (o.figure) ['input', 'change', 'click'].forEach(function (type) { o.figure.removeEventListener(type, onChange); });
            plot.getPlaceholder().off('plotfiltersettled', onSettled);
            if (o.table) o.table.removeEventListener('toggle', onToggle);
            if (o.reset) o.reset.removeEventListener('click', onReset);
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'urlState',
        version: '1.1'
    });
})(jQuery);
