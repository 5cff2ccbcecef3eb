/* The only chart script a page loads up front (and the in-browser runner's
trigger, below). Until the first chart comes
within about a screen of the viewport, each figure shows its data table and
nothing else is fetched; then this adds the chart bundle (jQuery, Flot, our
plugins and assets/js/charts.js; _config/chart-bundle.js writes its URL in
place of the placeholder below) and, at the same time, fetches the page's
chart data, the file the figures' data-chart attribute names (kept out of
the HTML so the first load does not carry it; site/render/chart-files.js):
window.chartData is the promise of its response, which charts.js reads. The bundle is
fingerprinted and cached for a year, so the next page of the session takes
it from the cache. Printing also loads it, so a printed page has its charts.

A link to a reader's view (#chart-x&x=h:...; assets/js/chart-state.js) names
no element the browser can scroll to: the part before the first "&" does,
so the page goes there itself, which brings that chart near. */
(function () {
  'use strict';
  // "Run it in your browser": its runner (and everything it starts) loads
  // only when the reader opens the panel; _config/browser-runner.js writes
  // the URL. The chart loader is the one script the page has up front.
  // The runner's chart needs the chart bundle, which then draws the page's
  // charts too, so opening the panel loads both (the runner then finds the
  // bundle's script in place and adds no second one).
  var runner = document.querySelector('details[data-runner]');
  if (runner) {
    runner.addEventListener('toggle', function start() {
      if (!runner.open) return;
      runner.removeEventListener('toggle', start);
      load();
      var r = document.createElement('script');
      r.src = runner.getAttribute('data-runner');
      document.head.appendChild(r);
    });
  }

  var figures = document.querySelectorAll('figure[data-chart]');
  var requested = false, io = null;

  function load() {
    if (requested) return;
    requested = true;
    if (io) io.disconnect();
    // charts.js reads the response, and reports a failure (so none is left unhandled here).
    var data = document.querySelector('[data-chart^="/"]');
    if (data) (window.chartData = fetch(data.getAttribute('data-chart'))).catch(function () {});
    var s = document.createElement('script');
    s.src = __CHART_BUNDLE__;
    document.head.appendChild(s);
  }

  if (!figures.length || !window.IntersectionObserver) return;
  io = new IntersectionObserver(function (entries) {
    if (entries.some(function (e) { return e.isIntersecting; })) load();
  }, { rootMargin: '100% 0px' });
  for (var i = 0; i < figures.length; i++) io.observe(figures[i]);
  window.addEventListener('beforeprint', load);

  var hash = location.hash.slice(1);
  if (hash.indexOf('=') > 0) {
    try {
      var target = document.getElementById(decodeURIComponent(hash.split('&')[0]));
      if (target) target.scrollIntoView();
    } catch (err) { /* a malformed fragment: the page stays where it is */ }
  }
})();
