/* Flot plugin that repairs four things Flot 4.2.6 gets wrong on our charts:
log axes, error bars and tick labels. Each repair can be turned off.

Options (per plot):

    axisRepairs: {
        errorbarRange: true, // autoscale to the medians and the ends of error bars
        logTicks: true,      // 1, 2, 5 x 10^k ticks on a log axis without ticks of its own
        logGaps: true,       // a y value at or below zero on a log axis is a gap
        allLabels: true      // measure every tick label, the first and last too
    }

Also exported: $.plot.axisRepairs.logTicks(axis), the tick generator, for an
axis that sets `ticks` to a function of its own choosing.
*/

(function ($) {
    'use strict';

    var options = {
        axisRepairs: {
            errorbarRange: true,
            logTicks: true,
            logGaps: true,
            allLabels: true
        }
    };

    // The errorbars plugin replaces the data format without the computeRange
    // flags, so the axes would never autoscale. Restore them for x and the
    // median; rangeWithBars then widens y to the ends of the bars.
    function rangeFromMedians(plot, s, data, dp) {
        if (!dp.format) return;
        dp.format[0].computeRange = true;
        dp.format[1].computeRange = true;
    }

    function rangeWithBars(plot, s, range) {
        var p = s.datapoints.points, ps = s.datapoints.pointsize;
        if (ps < 4) return;
        for (var j = 0; j < p.length; j += ps) {
            if (p[j + 1] - p[j + 2] < range.ymin && p[j + 1] - p[j + 2] > 0) range.ymin = p[j + 1] - p[j + 2];
            if (p[j + 1] + p[j + 3] > range.ymax) range.ymax = p[j + 1] + p[j + 3];
        }
    }

    // A log axis cannot place a value at or below zero (the 2013 memory
    // figures have two): it becomes a gap instead of a line off the bottom.
    // Points are [x, y, below, above], as the errorbars plugin reads them.
    function gapsAtZero(plot, s, data) {
        if (s.yaxis.options.mode !== 'log') return;
        s.data = data.map(function (p) { return p[1] <= 0 ? [p[0], null, 0, 0] : p; });
    }

    // The log axis falls back to linear ticks (0, 25, 50...) when the data
    // span less than about two decades, and 'loose' autoscaling then snaps
    // the axis minimum to the first of them, 0: log(0) pins every point to
    // one edge. These ticks are 1, 2, 5 x 10^k (sparser over many decades),
    // from the last one at or below the data to the first at or above, so
    // the snap always lands on a positive value.
    function logTicks(axis) {
        var lo = axis.min > 0 ? axis.min : axis.datamin > 0 ? axis.datamin : 1;
        var hi = Math.max(axis.max, lo);
        var decades = Math.log10(hi / lo);
        var steps = decades > 6 ? [1] : decades > 3 ? [1, 3] : [1, 2, 5];
        var out = [];
        for (var k = Math.floor(Math.log10(lo)); !out.length || out[out.length - 1] < hi; k++) {
            steps.forEach(function (m) {
                var v = +(m + 'e' + k);
                if (v <= lo) out = [v];
                else if (out[out.length - 1] < hi) out.push(v);
            });
        }
        return out;
    }

    // Runs after the logaxis plugin's own processOptions (this plugin loads
    // later), so it replaces that plugin's generator.
    function useLogTicks(plot) {
        $.each(plot.getAxes(), function (name, axis) {
            if (axis.options.mode === 'log') axis.tickGenerator = logTicks;
        });
    }

    // Flot measures every tick label but the first and last (it takes them
    // for its optional end-point labels), so a 5-digit top label such as
    // 10000 was clipped at the left edge. Measure them all before the axis
    // takes room.
    function measureAllLabels(plot, axis) {
        var d = axis.direction, n = axis.n, surface = plot.getSurface();
        var layer = 'flot-' + d + '-axis flot-' + d + n + '-axis ' + d + 'Axis ' + d + n + 'Axis';
        (axis.ticks || []).forEach(function (tick) {
            if (!tick.label) return;
            var info = surface.getTextInfo(layer, tick.label, axis.options.font || 'flot-tick-label tickLabel');
            axis.labelWidth = Math.max(axis.labelWidth, info.width);
            axis.labelHeight = Math.max(axis.labelHeight, info.height);
        });
    }

    // Hooks are pushed at init, before the plot's options are known; each
    // checks its switch when it runs.
    function init(plot) {
        var on = function (key, fn) {
            return function () {
                if (plot.getOptions().axisRepairs[key]) fn.apply(this, arguments);
            };
        };
        plot.hooks.processOptions.push(on('logTicks', useLogTicks));
        plot.hooks.processRawData.push(on('errorbarRange', rangeFromMedians));
        plot.hooks.processRawData.push(on('logGaps', gapsAtZero));
        plot.hooks.adjustSeriesDataRange.push(on('errorbarRange', rangeWithBars));
        plot.hooks.axisReserveSpace.push(on('allLabels', measureAllLabels));
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'axisRepairs',
        version: '1.0'
    });

    $.plot.axisRepairs = { logTicks: logTicks };
})(jQuery);
