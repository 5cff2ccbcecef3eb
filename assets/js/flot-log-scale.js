/* Flot plugin for readable log axes, built on Flot's logaxis plugin, and
switchable by the reader.

Options (per plot):

    logScale: {
        toggle: null,     // checkbox: checked = log y axis; the reader can switch
        format: null,     // function (value) -> tick label on a log axis;
                          // default: up to four significant figures, "10000"
        linear: null      // y axis options for linear mode when the plot
                          // starts on a log y axis, e.g. { zero: true }
    }

and on any axis: `mode: "log"`, as Flot's logaxis plugin reads it, and
`zero: true`, a linear axis that always reaches zero (a time axis that
starts at 25 ms exaggerates every difference).

What it repairs on a log axis:
- ticks: 1, 2, 5 x 10^k (1, 3 x 10^k over more than three decades, 10^k over
  more than six), from the last one at or below the data to the first at or
  above, so the axis always starts above zero. (Flot's own generator falls
  back to linear ticks 0, 25, 50... when the data span less than about two
  decades, and its 'loose' autoscaling then snaps the axis minimum to 0.)
- labels: "10000" and "0.5", not "10000.00", "1.000" or a label twice;
- a value at or below zero is a gap, not a line to the bottom edge.

Methods added to the plot: plot.setLogScale(on) switches the y axis,
plot.isLogScale(). The checkbox follows, and its change triggers it.

@provides logScale
@needs flot.logaxis: its processOptions hook must run first, since this one replaces its tick choices
@needs seriesSelect: plot.setLogScale redoes the gaps with plot.refreshData
*/
(function ($) {
    'use strict';

    var options = { logScale: { toggle: null, format: null, linear: null } };

    function readable(v) {
        return String(+v.toPrecision(4));
    }

    function logTicks(axis) {
        var lo = axis.min > 0 ? axis.min : axis.datamin > 0 ? axis.datamin : 1;
        var hi = Math.max(axis.max, lo);
        var decades = Math.log(hi / lo) / Math.LN10;
        var steps = decades > 6 ? [1] : decades > 3 ? [1, 3] : [1, 2, 5];
        var out = [];
        for (var k = Math.floor(Math.log(lo) / Math.LN10); !out.length || out[out.length - 1] < hi; k++) {
            for (var i = 0; i < steps.length; i++) {
                var v = +(steps[i] + 'e' + k);
                if (v <= lo) out = [v];
                else if (out[out.length - 1] < hi) out.push(v);
            }
        }
        return out;
    }

    // Below Flot's smallest tick value the logaxis plugin clamps; the same here.
    function logOf(v) { return Math.log(Math.max(v, 1e-300)); }

    function init(plot) {
        var linear = null; // the y axis options before it went log

        function opts() { return plot.getOptions().logScale; }

        function useOurTicks(axis) {
            axis.tickGenerator = logTicks;
            var f = axis.options.tickFormatter;
            if (typeof f !== 'function' || f === $.plot.logTickFormatter) axis.options.tickFormatter = opts().format || readable;
            axis.tickFormatter = null; // Flot builds it again from the options
        }

        // Runs after the logaxis plugin's own processOptions (this plugin
        // loads later), so it replaces that plugin's choices.
        plot.hooks.processOptions.push(function (plot) {
            $.each(plot.getAxes(), function (name, axis) {
                if (axis.options.mode === 'log') useOurTicks(axis);
            });
        });

        // An empty or all-negative log axis would start at or below zero; a
        // linear axis with `zero: true` reaches zero ('loose' autoscaling
        // ignores `min`).
        plot.hooks.setRange.push(function (plot, axis) {
            if (axis.options.mode !== 'log') {
                if (axis.options.zero && axis.datamin !== null && axis.datamax !== null) {
                    axis.datamin = Math.min(axis.datamin, 0);
                    axis.datamax = Math.max(axis.datamax, 0);
                }
                return;
            }
            if (!(axis.datamax > 0)) axis.datamax = 1;
            if (!(axis.datamin > 0)) axis.datamin = axis.datamax / 10;
        });

        plot.hooks.processDatapoints.push(function (plot, s, dp) {
            var logX = s.xaxis.options.mode === 'log', logY = s.yaxis.options.mode === 'log';
            if (!logX && !logY) return;
            var p = dp.points, ps = dp.pointsize;
            for (var j = 0; j < p.length; j += ps) {
                if (p[j] === null) continue;
                if ((logX && p[j] <= 0) || (logY && p[j + 1] <= 0)) {
                    for (var m = 0; m < ps; m++) p[j + m] = null;
                }
            }
        });

        plot.isLogScale = function () {
            return plot.getAxes().yaxis.options.mode === 'log';
        };

        plot.setLogScale = function (on) {
            var axis = plot.getAxes().yaxis, o = axis.options;
            if (on === plot.isLogScale()) return;
            if (on) {
                linear = { mode: o.mode, transform: o.transform, inverseTransform: o.inverseTransform, min: o.min, max: o.max, autoScaleMargin: o.autoScaleMargin, tickFormatter: o.tickFormatter, ticks: o.ticks };
                $.extend(o, { mode: 'log', transform: logOf, inverseTransform: Math.exp, min: null, max: null, autoScaleMargin: 0, tickFormatter: null, ticks: null });
                useOurTicks(axis);
            } else {
                $.extend(o, { mode: null, transform: null, inverseTransform: null, autoScaleMargin: 0.02, tickFormatter: null }, linear || opts().linear);
                axis.tickGenerator = null;
                axis.tickFormatter = null;
            }
            var box = opts().toggle;
            if (box) box.checked = on;
            plot.refreshData();
        };

        plot.hooks.bindEvents.push(function (plot) {
            var box = opts().toggle;
            if (!box) return;
            box.checked = plot.isLogScale();
            $(box).on('change.flotLogScale', function () { plot.setLogScale(box.checked); });
        });

        plot.hooks.shutdown.push(function (plot) {
            var box = opts().toggle;
            if (box) $(box).off('.flotLogScale');
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'logScale',
        version: '1.0'
    });

    $.plot.logScale = { ticks: logTicks, format: readable };
})(jQuery);
