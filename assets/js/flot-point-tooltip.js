/* Flot plugin for a tooltip on the data point nearest the pointer, in an
element of the page's own (Flot's hover plugin only reports the point; this
also shows it, and costs less than that plugin for the one use).

Options (per plot):

    pointTooltip: {
        element: null, // the tooltip; its parent is the box it is placed in
        radius: 12,    // px from the pointer within which a point counts
        lines: null    // function (series, dataIndex) -> [title, line, ...]
    }

The first line is set in bold. The tooltip sits above and right of the
pointer, or left of it where it would leave the plot, and hides when the
pointer leaves the plot.

@provides pointTooltip
*/
(function ($) {
    'use strict';

    var options = { pointTooltip: { element: null, radius: 12, lines: null } };
    var NS = '.flotPointTooltip';

    function init(plot) {
        function o() { return plot.getOptions().pointTooltip; }

        function hide() {
            if (o().element) o().element.hidden = true;
        }

        function show(item, e) {
            var tip = o().element;
            var lines = o().lines ? o().lines(item.series, item.dataIndex) : [item.series.label];
            tip.replaceChildren.apply(tip, lines.map(function (text, i) {
                var el = document.createElement(i === 0 ? 'strong' : 'span');
                el.textContent = text;
                return el;
            }));
            tip.hidden = false;
            var area = plot.getPlaceholder()[0].getBoundingClientRect(), body = tip.parentNode.getBoundingClientRect();
            var x = e.clientX - body.left, y = e.clientY - body.top;
            var left = x + 12 + tip.offsetWidth > area.right - body.left ? x - 12 - tip.offsetWidth : x + 12;
            tip.style.left = Math.max(0, left) + 'px';
            tip.style.top = Math.max(0, y - tip.offsetHeight - 10) + 'px';
        }

        plot.hooks.bindEvents.push(function (plot, eventHolder) {
            if (!o().element) return;
            eventHolder.on('mousemove' + NS, function (e) {
                var box = eventHolder[0].getBoundingClientRect(), off = plot.getPlotOffset();
                var item = plot.findNearbyItem(e.clientX - box.left - off.left, e.clientY - box.top - off.top, function () { return true; }, o().radius);
                if (item) show(item, e); else hide();
            }).on('mouseleave' + NS, hide);
        });

        plot.hooks.shutdown.push(function (plot, eventHolder) {
            eventHolder.off(NS);
            hide();
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'pointTooltip',
        version: '1.0'
    });
})(jQuery);
