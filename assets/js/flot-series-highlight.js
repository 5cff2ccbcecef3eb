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
leaving it restores the plot. A label that is not plotted (a hidden
series) highlights nothing. Methods added to the plot:
plot.highlightSeries(label), plot.unhighlightSeries(),
plot.getHighlightedSeries(). Every change triggers "plotserieshighlight"
on the placeholder with the label (or null).
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
            halo: '#ffffff',
            keep: null
        }
    };

    var NS = '.flotSeriesHighlight';

    function init(plot) {
        var active = null;
        var dimmed = [];       // [series, original colour] while a draw is under way
        var dimCache = {};     // colour -> dimmed colour
        var colorOrGradient = null;
        var legend = null;

        // Only a plotted series can be highlighted: focus returning to the
        // legend entry of a series just hidden must not dim all the others
        // around a line that is not there.
        function set(label) {
            if (label !== null && !plot.getData().some(function (s) { return s.label === label; })) label = null;
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
            var o = plot.getOptions().highlight;
            var draw = $.plot.drawSeries;
            var offset = plot.getPlotOffset();
            var w = plot.width();
            var h = plot.height();
            var halo = Object.create(series);
            halo.color = o.halo;
            halo.lines = $.extend({}, series.lines, { lineWidth: o.lineWidth + 4, dashes: null, fill: false });
            var top = Object.create(series);
            top.lines = $.extend({}, series.lines, { lineWidth: o.lineWidth, fill: false });
            top.points = $.extend({}, series.points, { show: true, radius: o.pointRadius, lineWidth: 2 });
            if (series.lines.show) {
                draw.drawSeriesLines(halo, ctx, offset, w, h, plot.drawSymbol, colorOrGradient);
                draw.drawSeriesLines(top, ctx, offset, w, h, plot.drawSymbol, colorOrGradient);
            }
            draw.drawSeriesPoints(top, ctx, offset, w, h, plot.drawSymbol, colorOrGradient);
        }

        plot.hooks.bindEvents.push(function (plot) {
            var o = plot.getOptions().highlight;
            if (!o.legend) return;
            legend = $(o.legend);
            var enter = function () { set(this.getAttribute('data-series')); };
            // keep(): the page says the highlight belongs to a tap, which
            // the mouse and focus events a browser emulates around a tap
            // (and its hover updates after layout) must not undo.
            var leave = function () {
                if (o.keep && o.keep()) return;
                set(null);
            };
            legend.on('mouseenter' + NS + ' focusin' + NS, o.entry, enter);
            legend.on('mouseleave' + NS + ' focusout' + NS, o.entry, leave);
        });

        plot.hooks.shutdown.push(function () {
            if (legend) legend.off(NS);
            legend = null;
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'seriesHighlight',
        version: '1.0'
    });
})(jQuery);
