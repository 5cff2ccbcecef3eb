// `npm start` (eleventy --serve): Eleventy's dev server sends the headers
// netlify.toml declares, listens on 127.0.0.1 only and takes its port from
// PORT (default 8080), checked as `npm run preview` checks it; the how is in
// scripts/site-tools/dev-server.js. Its live-reload script loads from the same
// origin (/.11ty/reload-client.js), which the site's policy allows.
const { loadNetlifyConfig } = require('../scripts/site-tools/netlify-headers');
const { netlifyHeaders, listenOnLoopback, servePort } = require('../scripts/site-tools/dev-server');

module.exports = function devServer(eleventyConfig) {
  if (process.env.ELEVENTY_RUN_MODE !== 'serve') return;
  listenOnLoopback();
  eleventyConfig.setServerOptions({
    port: servePort(),
    middleware: [netlifyHeaders(loadNetlifyConfig().headers)],
  });
};

