// `npm start` (eleventy --serve): Eleventy's dev server sends the headers
// netlify.toml declares (scripts/site-tools/netlify-headers.js), so a page
// being written runs under the Content-Security-Policy readers get, and an
// inline script fails here first. Its live-reload script loads from the same
// origin (/.11ty/reload-client.js), which that policy allows.
// Cache-Control is left out: the year-long cache of /assets/f/ is for
// readers, not for a browser that reloads on every save.
// PORT picks the port (default 8080), as for `npm run preview`.
const { loadNetlifyConfig, headersFor } = require('../scripts/site-tools/netlify-headers');

function netlifyHeaders(rules) {
  return function (req, res, next) {
    const { pathname } = new URL(req.url, 'http://localhost');
    for (const [name, value] of Object.entries(headersFor(rules, pathname))) {
      if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value);
    }
    next();
  };
}

module.exports = function devServer(eleventyConfig) {
  eleventyConfig.setServerOptions({
    port: Number(process.env.PORT) || 8080,
    middleware: [netlifyHeaders(loadNetlifyConfig().headers)],
  });
};

module.exports.netlifyHeaders = netlifyHeaders;
