/* Flot plugin for a chart that opens on a readable view: a few of its
series drawn (a representative per family, chosen at build time,
site/lib/families.js), the others hidden in the legend, each one click
away there, and all of them one click away on a button.

Options (per plot):

    seriesView: {
        button: null   // the button that shows every series, and brings the
                       // opening view back once all are shown
    }

The series hidden at first are htmlLegend's `hidden` option: this plugin
only words and wires the button, which is shown while the plot has such a
view. "Show all 43 styles" while any series the view hid is still hidden;
"Back to 9 styles" once none is.

@provides seriesView
@needs seriesSelect: plot.seriesOutBy (what the filter leaves out is not counted) and
    "plotseriesshown" to reword the button
@needs htmlLegend: plot.getOpeningHidden, getHiddenSeries and setHiddenSeries
*/
(function ($) {
    'use strict';

    var options = { seriesView: { button: null } };

    function init(plot) {
        function button() { return plot.getOptions().seriesView.button; }

        function listed() {
            return plot.getData().filter(function (s) { return !s.keep && !plot.seriesOutBy('filter', s.label); });
        }

        function update() {
            var b = button(), first = plot.getOpeningHidden();
            if (!b) return;
            b.hidden = first.length === 0;
            if (b.hidden) return;
            var all = listed(), hidden = plot.getHiddenSeries();
            var anyHidden = all.some(function (s) { return hidden.indexOf(s.label) >= 0; });
            var opening = all.filter(function (s) { return first.indexOf(s.label) < 0; }).length;
            b.textContent = anyHidden ? 'Show all ' + all.length + ' styles' : 'Back to ' + opening + ' styles';
            b.setAttribute('data-view', anyHidden ? 'some' : 'all');
        }

        plot.hooks.bindEvents.push(function (plot) {
            var b = button();
            if (!b) return;
            update();
            plot.getPlaceholder().on('plotseriesshown.flotSeriesView', update);
            $(b).on('click.flotSeriesView', function () {
                plot.setHiddenSeries(b.getAttribute('data-view') === 'some' ? [] : plot.getOpeningHidden());
            });
        });

        plot.hooks.shutdown.push(function (plot) {
            plot.getPlaceholder().off('.flotSeriesView');
            if (button()) $(button()).off('.flotSeriesView');
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'seriesView',
        version: '1.0'
    });
})(jQuery);
