/* Flot plugin for a legend in an HTML container of the page's own, with an
entry (a toggle button) per series, optionally under group headers that
toggle their whole group. Flot's own legend is SVG drawn over the plot with
pointer-events: none; with 20 or more series it covers the data, and it
cannot be clicked, focused or styled by the page.

Options (per plot):

    htmlLegend: {
        container: null,  // element the legend is built in (its children are replaced)
        groups: null,     // [["promises", ["promises-q", ...]], ...]: entries under
                          // headers, in this order; null: one plain list
        reference: null,  // label of a series with `keep` (a reference line):
                          // shown as a key, never a toggle
        hidden: []        // labels hidden when the plot opens (a readable
                          // view, flot-series-view.js); toggles like any other
    }

An entry is <button data-series="label" aria-pressed="true|false">, a header
<button data-group="name" aria-pressed="true|false|mixed">; clicking an
entry hides or shows its series, clicking a header hides its group's shown
series or, when none is shown, shows them all (a click whose default another
handler prevented toggles nothing: legendTouch's first tap). Series another plugin leaves
out (the reader's filter) get no entry. The container's size is the page's
business (charts.css keeps it no taller than the plot).

Methods added to the plot: plot.toggleSeries(label), plot.toggleGroup(name),
plot.getHiddenSeries() (labels, in series order), plot.setHiddenSeries(labels),
plot.getOpeningHidden() (the `hidden` option's labels the plot has, in series order).

@provides htmlLegend
@needs seriesSelect: plot.setSeriesOut leaves the toggled series out, plot.seriesOutBy tells which
    the filter left out, and "plotseriesshown" redraws the legend
*/
(function ($) {
    'use strict';

    var options = { htmlLegend: { container: null, groups: null, reference: null, hidden: [] } };
    var SVG = 'http://www.w3.org/2000/svg';
    var MARKERS = {
        circle: ['circle', { cx: 14, cy: 6, r: 3 }],
        square: ['rect', { x: 11.5, y: 3.5, width: 5, height: 5 }],
        diamond: ['polygon', { points: '14,2.2 17.8,6 14,9.8 10.2,6' }],
        triangle: ['polygon', { points: '14,2.5 17.5,9 10.5,9' }],
        cross: ['path', { d: 'M11,3 17,9 M17,3 11,9' }],
        plus: ['path', { d: 'M14,2 14,10 M10,6 18,6' }]
    };

    function svg(name, attrs, parent) {
        var el = document.createElementNS(SVG, name);
        for (var k in attrs) el.setAttribute(k, attrs[k]);
        if (parent) parent.appendChild(el);
        return el;
    }

    // The series' line (with its dashes) and marker, as the plot draws them;
    // a series of points alone (the ranked chart) gets a whisker instead.
    function swatch(s, bg) {
        var box = svg('svg', { width: 28, height: 12, viewBox: '0 0 28 12', 'aria-hidden': 'true', focusable: 'false' });
        var line = { x1: 1, y1: 6, x2: 27, y2: 6, stroke: s.color, 'stroke-width': s.lines.show ? 2 : 1.25 };
        if (s.lines.show && s.lines.dashes) line['stroke-dasharray'] = s.lines.dashes.join(' ');
        if (!s.lines.show) { line.x1 = 5; line.x2 = 23; }
        svg('line', line, box);
        var m = s.points.show !== false && MARKERS[s.points.symbol];
        if (m) svg(m[0], $.extend({ stroke: s.color, 'stroke-width': 1.5, fill: s.points.fillColor || bg }, m[1]), box);
        return box;
    }

    function button(attrs, children) {
        var b = document.createElement('button');
        b.type = 'button';
        for (var k in attrs) b.setAttribute(k, attrs[k]);
        children.forEach(function (c) {
            if (typeof c === 'string') {
                var span = document.createElement('span');
                span.textContent = c;
                c = span;
            }
            b.appendChild(c);
        });
        return b;
    }

    function init(plot) {
        var off = new Set();

        function o() { return plot.getOptions().htmlLegend; }
        function listed(s) { return !s.keep && !plot.seriesOutBy('filter', s.label); }

        function apply() { plot.setSeriesOut('toggle', new Set(off)); }

        plot.toggleSeries = function (label) {
            if (off.has(label)) off.delete(label); else off.add(label);
            apply();
        };

        plot.toggleGroup = function (name) {
            var group = (o().groups || []).filter(function (g) { return g[0] === name; })[0];
            if (!group) return;
            var members = plot.getData().filter(function (s) { return listed(s) && group[1].indexOf(s.label) >= 0; });
            var anyOn = members.some(function (s) { return !off.has(s.label); });
            members.forEach(function (s) { if (anyOn) off.add(s.label); else off.delete(s.label); });
            apply();
        };

        plot.getHiddenSeries = function () {
            return plot.getData().filter(function (s) { return off.has(s.label); }).map(function (s) { return s.label; });
        };

        plot.getOpeningHidden = function () {
            var first = o().hidden || [];
            return plot.getData().filter(function (s) { return first.indexOf(s.label) >= 0; }).map(function (s) { return s.label; });
        };

        plot.setHiddenSeries = function (labels) {
            var known = plot.getData().map(function (s) { return s.label; });
            off = new Set(labels.filter(function (l) { return known.indexOf(l) >= 0; }));
            apply();
        };

        function render() {
            var box = o().container;
            if (!box) return;
            var bg = plot.getOptions().series.points.fillColor;
            var focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement : null;
            var focusKey = focused && (focused.getAttribute('data-series') !== null ? ['data-series', focused.getAttribute('data-series')] : ['data-group', focused.getAttribute('data-group')]);
            var series = plot.getData().filter(listed);
            var entry = function (s) {
                // Keyed by the label (a style's id), shown by its name (site/lib/style-names.js).
                return button({ 'data-series': s.label, 'aria-pressed': String(!off.has(s.label)) }, [swatch(s, bg), s.name || s.label]);
            };
            var parts = [], grouped = new Set();
            (o().groups || []).forEach(function (g) {
                var members = series.filter(function (s) { return g[1].indexOf(s.label) >= 0; });
                if (!members.length) return;
                members.forEach(function (s) { grouped.add(s.label); });
                var on = members.filter(function (s) { return !off.has(s.label); }).length;
                var div = document.createElement('div');
                div.className = 'chart-legend-group';
                div.setAttribute('role', 'group');
                div.setAttribute('aria-label', g[0]);
                div.appendChild(button({ 'data-group': g[0], class: 'chart-legend-head', 'aria-pressed': on === members.length ? 'true' : on ? 'mixed' : 'false', title: 'Hide or show every ' + g[0] + ' series' }, [g[0]]));
                members.forEach(function (s) { div.appendChild(entry(s)); });
                parts.push(div);
            });
            series.filter(function (s) { return !grouped.has(s.label); }).forEach(function (s) { parts.push(entry(s)); });
            var ref = o().reference && plot.getData().filter(function (s) { return s.keep && s.label === o().reference; })[0];
            if (ref) {
                var key = document.createElement('span');
                key.className = 'chart-floor-key';
                key.appendChild(swatch(ref, bg));
                key.appendChild(document.createTextNode(ref.label));
                parts.push(key);
            }
            box.replaceChildren.apply(box, parts);
            if (focusKey) {
                var again = Array.prototype.filter.call(box.querySelectorAll('[' + focusKey[0] + ']'), function (b) { return b.getAttribute(focusKey[0]) === focusKey[1]; })[0];
                if (again) again.focus();
            }
        }

        // The series hidden at first are out before the first draw.
        plot.hooks.processOptions.push(function () {
            off = new Set(o().hidden || []);
            if (off.size) plot.setSeriesOut('toggle', new Set(off), true);
        });

        plot.hooks.bindEvents.push(function (plot) {
            var box = o().container;
            if (!box) return;
            render();
            plot.getPlaceholder().on('plotseriesshown.flotHtmlLegend', render);
            $(box).on('click.flotHtmlLegend', function (e) {
                var b = e.target.closest('[data-series],[data-group]');
                if (!b || !box.contains(b) || e.isDefaultPrevented()) return;
                if (b.hasAttribute('data-series')) plot.toggleSeries(b.getAttribute('data-series'));
                else plot.toggleGroup(b.getAttribute('data-group'));
            });
        });

        plot.hooks.shutdown.push(function (plot) {
            plot.getPlaceholder().off('.flotHtmlLegend');
            if (o().container) $(o().container).off('.flotHtmlLegend');
        });
    }

    $.plot.plugins.push({
        init: init,
        options: options,
        name: 'htmlLegend',
        version: '1.1'
    });
})(jQuery);
