/* Flot plugin that makes the axes hold everything drawn along them: the
whole of each error bar, and every tick label.

Options (per plot):

    axisFit: {
        errorbars: true, // autoscale to the ends of error bars, not only the points
        labels: true     // reserve room for every tick label, the first and last too
    }

Flot's errorbars plugin replaces a series' data format with one that has no
computeRange flags, so the axes would never autoscale to such a series; this
restores them for x and y and widens the axis the bars lie along to their
ends. It reads asymmetric bars, [x, y, below, above] for points.errorbars
"y" and [x, y, left, right] for "x", as our charts give them; an end at or
below zero on a log axis is left out of the range (the bar is clipped).

Flot measures every tick label but the first and last (it keeps those for
its optional end-point labels), so a 5-digit top label such as 10000 was
clipped at the left edge, and an axis with a single tick reserved no room
at all: this measures them all before the axis takes its room.

@provides axisFit
@needs flot.errorbars: its processRawData hook sets the data format whose computeRange flags this one
    restores, so it must run first
*/
(function ($) {
    'use strict';

    var options = { axisFit: { errorbars: true, labels: true } };

    function init(plot) {
        var on = function (key) { return plot.getOptions().axisFit[key]; };

        plot.hooks.processRawData.push(function (plot, s, data, datapoints) {
            if (!on('errorbars') || !s.points.errorbars || !datapoints.format) return;
            datapoints.format[0].computeRange = true;
            datapoints.format[1].computeRange = true;
        });

        plot.hooks.adjustSeriesDataRange.push(function (plot, s, range) {
            var eb = s.points.errorbars, dp = s.datapoints, p = dp.points, ps = dp.pointsize;
            if (!on('errorbars') || (eb !== 'x' && eb !== 'y') || ps < 4) return;
            var at = eb === 'x' ? 0 : 1, axis = eb === 'x' ? s.xaxis : s.yaxis;
            var lo = eb + 'min', hi = eb + 'max', log = axis.options.mode === 'log';
            for (var j = 0; j < p.length; j += ps) {
                if (p[j + at] === null) continue;
                var low = p[j + at] - p[j + 2], high = p[j + at] + p[j + 3];
                if (low < range[lo] && !(log && low <= 0)) range[lo] = low;
                if (high > range[hi]) range[hi] = high;
            }
        });

        plot.hooks.axisReserveSpace.push(function (plot, axis) {
            if (!on('labels')) return;
            var d = axis.direction, n = axis.n, surface = plot.getSurface();
            var layer = 'flot-' + d + '-axis flot-' + d + n + '-axis ' + d + 'Axis ' + d + n + 'Axis';
            (axis.ticks || []).forEach(function (tick) {
                if (!tick.label) return;
                var info = surface.getTextInfo(layer, tick.label, axis.options.font || 'flot-tick-label tickLabel');
                axis.labelWidth = Math.max(axis.labelWidth, info.width);
                axis.labelHeight = Math.max(axis.labelHeight, info.height);
            });
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'axisFit',
        version: '1.0'
    });
})(jQuery);
