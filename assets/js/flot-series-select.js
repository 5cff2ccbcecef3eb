/* Flot plugin that decides which of a plot's series are drawn. Every series
given to $.plot stays in plot.getData(), in its order; a series left out
keeps its options and data but gets no datapoints, so it draws nothing,
takes no part in the axes' ranges and is never the nearest item. Other
plugins leave series out for their own reasons (the reader's filter, a
legend toggle) and this one draws whatever no reason leaves out.

Options (per series):

    series: {
        keep: false // true: never left out (a reference line such as the floor)
    }

Methods added to the plot:

    plot.setSeriesOut(reason, test, quiet) // test: function (label) -> true to
        // leave the series out, or a Set of labels, or null; replaces what
        // `reason` left out before and redraws unless quiet
    plot.seriesOutBy(reason, label)   // does `reason` leave this series out?
    plot.getShownSeries()            // labels of the series drawn, in order
    plot.refreshData()               // reprocess the data (after an axis
        // changes mode, say) and redraw

Every change triggers "plotseriesshown" on the placeholder.

Between two data passes a series keeps only these keys: label, name (the
style's name readers see beside its label), color, data, lines, points, bars,
keep, group, rows (Flot's own parsed fields, such as
axes and datapoints, are rebuilt).

@provides seriesSelect
*/
(function ($) {
    'use strict';

    var options = { series: { keep: false } };
    var KEYS = ['label', 'name', 'color', 'data', 'lines', 'points', 'bars', 'keep', 'group', 'rows'];

    function init(plot) {
        var reasons = {};

        function isOut(s) {
            if (s.keep) return false;
            for (var r in reasons) {
                if (reasons[r](s.label)) return true;
            }
            return false;
        }

        plot.hooks.processRawData.push(function (plot, s, data, datapoints) {
            if (!isOut(s)) return;
            datapoints.pointsize = datapoints.format ? datapoints.format.length : 2;
            datapoints.points = [];
        });

        plot.refreshData = function () {
            plot.setData(plot.getData().map(function (s) {
                var raw = {};
                KEYS.forEach(function (k) { if (s[k] !== undefined) raw[k] = s[k]; });
                return raw;
            }));
            plot.setupGrid(true);
            plot.draw();
            plot.getPlaceholder().trigger('plotseriesshown', [plot.getShownSeries()]);
        };

        plot.setSeriesOut = function (reason, test, quiet) {
            if (!test) delete reasons[reason];
            else if (typeof test === 'function') reasons[reason] = test;
            else reasons[reason] = function (label) { return test.has(label); };
            if (!quiet) plot.refreshData();
        };

        plot.seriesOutBy = function (reason, label) {
            return Boolean(reasons[reason] && reasons[reason](label));
        };

        plot.getShownSeries = function () {
            return plot.getData().filter(function (s) { return !isOut(s); }).map(function (s) { return s.label; });
        };
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'seriesSelect',
        version: '1.0'
    });
})(jQuery);
