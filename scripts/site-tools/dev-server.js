'use strict';
// What `npm start` (eleventy --serve) needs beyond Eleventy's own dev server:
// netlify.toml's headers on every answer, 127.0.0.1 only, and PORT checked as
// `npm run preview` checks it. _config/dev-server.js wires these in.
const DevServer = require('@11ty/eleventy-dev-server');
const { headersFor } = require('./netlify-headers');
const { LOOPBACK } = require('./server');
const { portFromEnv, DEFAULT_PORT, UsageError } = require('../lib/args');

// Middleware: the headers netlify.toml gives the path, so a page being written
// runs under the Content-Security-Policy readers get, and an inline script
// fails here first. Cache-Control is left out: the year-long cache of
// /assets/f/ is for readers, not for a browser that reloads on every save.
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
function listenOnLoopback(Server = DevServer) {
  const proto = Server.prototype;
  if (proto._serverListen && proto._serverListen.onLoopback) return; // the config loads again on every rebuild
  if (typeof proto._serverListen !== 'function') {
    throw new Error('@11ty/eleventy-dev-server has no _serverListen to bind to 127.0.0.1 (a new version?); ' +
      'npm start would listen on every interface. Pin the version in package.json, or bind it in scripts/site-tools/dev-server.js.');
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

module.exports = { netlifyHeaders, listenOnLoopback, servePort };
