/* Flot plugin that highlights one whole series: the others dim, the
highlighted one is drawn again on top, thicker and with its points. Flot's own
plot.highlight() marks single points only, and its legend ignores the mouse.

Options (per plot):

    highlight: {
        legend: null,            // element holding legend entries, or null
        entry: "[data-series]",  // entry selector; its data-series = series label
        dim: 0.2,                // alpha of the other series while one is highlighted
        lineWidth: 4,            // line width of the highlighted series
        pointRadius: 4,          // point radius of the highlighted series
        halo: "#ffffff"          // stroke under the highlighted line, lifts it off the rest
    }

Hovering an entry, or giving it keyboard focus, highlights its series;
leaving it restores the plot. A label that is not drawn (a hidden series)
highlights nothing. Leaving triggers "plothighlightleave" on the placeholder
first: a handler that calls preventDefault() keeps the highlight (a tap on a
touch screen owns it). Methods added to the plot: plot.highlightSeries(label),
plot.unhighlightSeries(), plot.getHighlightedSeries(). Every change triggers
"plotserieshighlight" on the placeholder with the label (or null).

@provides seriesHighlight
@needs flot.drawSeries: $.plot.drawSeries draws the highlighted series again, on top
@needs flot.errorbars: its draw hook must run before this one's, while the other series are still
    dimmed, so their error bars dim too
@needs colorhelpers: $.color dims the other series' colours
@needs seriesSelect: its "plotseriesshown" ends the highlight of a series no longer drawn
*/
(function ($) {
    'use strict';

    var options = {
        highlight: {
            legend: null,
            entry: '[data-series]',
            dim: 0.2,
            lineWidth: 4,
            pointRadius: 4,
            halo: '#ffffff'
        }
    };

    var NS = '.flotSeriesHighlight';

    function init(plot) {
        var active = null;
        var dimmed = []; // [series, original colour] while a draw is under way
        var dimCache = {}; // colour -> dimmed colour
        var colorOrGradient = null;

        function drawn(label) {
            return plot.getData().some(function (s) { return s.label === label && s.datapoints.points.length > 0; });
        }

        function set(label) {
            if (label !== null && !drawn(label)) label = null;
            if (label === active) return;
            active = label;
            plot.draw();
            plot.getPlaceholder().trigger('plotserieshighlight', [label]);
        }

        plot.highlightSeries = function (label) { set(label); };
        plot.unhighlightSeries = function () { set(null); };
        plot.getHighlightedSeries = function () { return active; };

        function dim(color, alpha) {
            var key = color + '|' + alpha;
            if (!dimCache[key]) dimCache[key] = $.color.parse(color).scale('a', alpha).toString();
            return dimCache[key];
        }

        // Runs just before Flot draws each series (and before the error bars,
        // which read series.color in their own draw hook).
        plot.hooks.drawSeries.push(function (plot, ctx, series, index, getColorOrGradient) {
            colorOrGradient = getColorOrGradient;
            if (active === null || series.label === active) return;
            dimmed.push([series, series.color]);
            series.color = dim(series.color, plot.getOptions().highlight.dim);
        });

        plot.hooks.draw.push(function (plot, ctx) {
            for (var i = 0; i < dimmed.length; i++) dimmed[i][0].color = dimmed[i][1];
            dimmed = [];
            if (active === null) return;
            var series = plot.getData().filter(function (s) { return s.label === active; })[0];
            if (series) drawOnTop(plot, ctx, series);
        });

        function drawOnTop(plot, ctx, series) {
            var o = plot.getOptions().highlight, draw = $.plot.drawSeries;
            var offset = plot.getPlotOffset(), w = plot.width(), h = plot.height();
            var top = Object.create(series);
            top.lines = $.extend({}, series.lines, { lineWidth: o.lineWidth, fill: false });
            top.points = $.extend({}, series.points, { show: true, radius: o.pointRadius, lineWidth: 2 });
            if (series.lines.show) {
                var halo = Object.create(series);
                halo.color = o.halo;
                halo.lines = $.extend({}, series.lines, { lineWidth: o.lineWidth + 4, dashes: null, fill: false });
                draw.drawSeriesLines(halo, ctx, offset, w, h, plot.drawSymbol, colorOrGradient);
                draw.drawSeriesLines(top, ctx, offset, w, h, plot.drawSymbol, colorOrGradient);
            }
            draw.drawSeriesPoints(top, ctx, offset, w, h, plot.drawSymbol, colorOrGradient);
        }

        // mouseover and mouseout bubble (mouseenter and mouseleave do not);
        // a move between an entry's own parts (its swatch, its text) is not
        // a leave.
        plot.hooks.bindEvents.push(function (plot) {
            var o = plot.getOptions().highlight;
            // A series that stops being drawn (hidden, filtered) takes its
            // highlight with it: nothing stays dimmed around an empty space.
            plot.getPlaceholder().on('plotseriesshown' + NS, function () {
                if (active !== null && !drawn(active)) set(null);
            });
            if (!o.legend) return;
            var entry = function (e) {
                var b = e.target.closest && e.target.closest(o.entry);
                return b && !(e.relatedTarget && b.contains(e.relatedTarget)) ? b : null;
            };
            $(o.legend).on('mouseover' + NS + ' focusin' + NS, function (e) {
                var b = entry(e);
                if (b) set(b.getAttribute('data-series'));
            }).on('mouseout' + NS + ' focusout' + NS, function (e) {
                if (!entry(e)) return;
                var leave = $.Event('plothighlightleave');
                plot.getPlaceholder().trigger(leave, [active]);
                if (!leave.isDefaultPrevented()) set(null);
            });
        });

        plot.hooks.shutdown.push(function (plot) {
            var o = plot.getOptions().highlight;
            plot.getPlaceholder().off(NS);
            if (o.legend) $(o.legend).off(NS);
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'seriesHighlight',
        version: '2.0'
    });
})(jQuery);
