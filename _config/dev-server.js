// `npm start` (eleventy --serve): Eleventy's dev server sends the headers
// netlify.toml declares (scripts/site-tools/netlify-headers.js), so a page
// being written runs under the Content-Security-Policy readers get, and an
// inline script fails here first. Its live-reload script loads from the same
// origin (/.11ty/reload-client.js), which that policy allows.
// Cache-Control is left out: the year-long cache of /assets/f/ is for
// readers, not for a browser that reloads on every save.
// PORT picks the port (default 8080), checked as `npm run preview` checks it
// (scripts/lib/args.js); it listens on 127.0.0.1 only, as that server does.
const DevServer = require('@11ty/eleventy-dev-server');
const { loadNetlifyConfig, headersFor } = require('../scripts/site-tools/netlify-headers');
const { LOOPBACK } = require('../scripts/site-tools/server');
const { portFromEnv, DEFAULT_PORT, UsageError } = require('../scripts/lib/args');

function netlifyHeaders(rules) {
  return function (req, res, next) {
    const { pathname } = new URL(req.url, 'http://localhost');
    for (const [name, value] of Object.entries(headersFor(rules, pathname))) {
      if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value);
    }
    next();
  };
}

// The dev server (2.1.2) has no host option: its one listen call passes a
// port only, so it listens on every interface, live-reload WebSocket included
// (the same server); upstream: 11ty/dev-server#128. That call is replaced by
// one on LOOPBACK. A dev server without it would listen everywhere again, so
// that stops npm start instead; test/site/dev-server.test.js reads the address
// actually bound from the kernel.
function listenOnLoopback(Server) {
  const proto = Server.prototype;
  if (proto._serverListen && proto._serverListen.onLoopback) return; // the config loads again on every rebuild
  if (typeof proto._serverListen !== 'function') {
    throw new Error('@11ty/eleventy-dev-server has no _serverListen to bind to 127.0.0.1 (a new version?); ' +
      'npm start would listen on every interface. Pin the version in package.json, or bind it in _config/dev-server.js.');
  }
  proto._serverListen = Object.assign(function (port) {
    this.server.listen({ port, host: LOOPBACK });
  }, { onLoopback: true });
}

// The port, when serving (a build listens on nothing, so PORT is no concern
// of `npm run build`). A PORT that is no port stops npm start before it
// builds, with the status of any refused input (2).
function servePort() {
  try {
    return portFromEnv();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`npm start: ${err.message}; set PORT to a free port, or unset it for ${DEFAULT_PORT}.\n`);
    process.exit(2);
  }
}

module.exports = function devServer(eleventyConfig) {
  if (process.env.ELEVENTY_RUN_MODE !== 'serve') return;
  listenOnLoopback(DevServer);
  eleventyConfig.setServerOptions({
    port: servePort(),
    middleware: [netlifyHeaders(loadNetlifyConfig().headers)],
  });
};

module.exports.netlifyHeaders = netlifyHeaders;
