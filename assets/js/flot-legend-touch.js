/* Flot plugin for the HTML legend on a touch screen, which has no hover: a
first tap on an entry highlights its series, a second tap on the same entry
hides it, a tap on a hidden entry shows it again (highlighted, so the eye
finds it), and a tap anywhere else clears the highlight. Mouse and keyboard
keep their behaviour (hover and focus highlight, click toggles). Flot's own
touch plugin is not used:
it serves panning and zooming, and throws without the navigate plugin.

Options (per plot):

    legendTouch: {
        legend: null // the htmlLegend container
    }

A browser emulates mouse and focus events around a tap (a mouseout of the
tapped entry among them, after layout); a highlight a tap made outlives them.

@provides legendTouch
@needs seriesHighlight: a tap highlights through plot.highlightSeries, and "plotserieshighlight" and
    "plothighlightleave" tell of every other change of highlight
@needs htmlLegend: plot.getHiddenSeries; and its click handler must be bound first, so that a tap
    that shows a series finds it shown
*/
(function ($) {
    'use strict';

    var options = { legendTouch: { legend: null } };
    var NS = '.flotLegendTouch';

    function init(plot) {
        var pointer = null; // the kind of pointer that last went down on the legend
        var tapped = null; // the entry the last tap highlighted

        function entryOf(e) {
            var b = e.target.closest && e.target.closest('[data-series]');
            return b ? b.getAttribute('data-series') : null;
        }
        // detail 0: Enter or Space on a focused entry, whatever touched last
        function isTap(e) {
            return e.detail !== 0 && (e.pointerType || pointer) === 'touch';
        }
        function hidden(label) {
            return plot.getHiddenSeries().indexOf(label) >= 0;
        }

        function firstTap(e) {
            var label = entryOf(e);
            if (label === null || !isTap(e) || hidden(label) || tapped === label) return;
            tapped = label;
            plot.highlightSeries(label);
            e.preventDefault(); // no toggle: htmlLegend leaves a prevented click alone
        }

        function afterToggle(e) {
            var label = entryOf(e);
            if (e.defaultPrevented || label === null || !isTap(e) || hidden(label)) return;
            tapped = label;
            plot.highlightSeries(label);
        }

        function elsewhere(e) {
            var legend = plot.getOptions().legendTouch.legend;
            if (e.pointerType !== 'touch' || legend.contains(e.target)) return;
            tapped = null;
            plot.unhighlightSeries();
        }

        function down(e) { pointer = e.pointerType; }

        plot.hooks.bindEvents.push(function (plot) {
            var legend = plot.getOptions().legendTouch.legend;
            if (!legend) return;
            legend.addEventListener('pointerdown', down);
            legend.addEventListener('click', firstTap, true);
            legend.addEventListener('click', afterToggle);
            document.addEventListener('pointerdown', elsewhere);
            // Any other change of highlight (Reset, a link's state, the
            // pointer leaving) makes the next tap on that entry a first tap again.
            plot.getPlaceholder().on('plotserieshighlight' + NS, function (e, label) {
                if (label !== tapped) tapped = null;
            }).on('plothighlightleave' + NS, function (e) {
                if (pointer === 'touch' && tapped !== null) e.preventDefault();
            });
        });

        plot.hooks.shutdown.push(function (plot) {
            var legend = plot.getOptions().legendTouch.legend;
            if (!legend) return;
            legend.removeEventListener('pointerdown', down);
            legend.removeEventListener('click', firstTap, true);
            legend.removeEventListener('click', afterToggle);
            document.removeEventListener('pointerdown', elsewhere);
            plot.getPlaceholder().off(NS);
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'legendTouch',
        version: '1.0'
    });
})(jQuery);
