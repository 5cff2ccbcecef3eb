'use strict';
// A small static server for the built site, with the response headers and
// redirects that netlify.toml declares. `npm run preview` uses it, and the
// browser tests use it so pages are checked under the deployed
// Content-Security-Policy. (Eleventy's dev server, `npm start`, gets the
// headers through _config/dev-server.js, but not the redirects.)
//
// Kept hand-written rather than built on sirv or serve-handler: neither reads
// netlify.toml, so the header and redirect code below would stay, and what
// makes a static server safe here (nothing outside the root, no special
// files, no request able to stop it) would need the same tests either way.
// A couple of hundred lines with no dependency are the smaller thing to audit.
//
// Its command line is scripts/serve.js.

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { loadNetlifyConfig, headersFor, redirectFor } = require('./netlify-headers');

const { SITE } = require('../lib/paths');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

const isInside = (root, file) => file === root || file.startsWith(root + path.sep);

// Reads a regular file whose real path is inside root, or returns null. The
// real path catches symlinks that lead out of the site; O_NOFOLLOW and the
// fstat after opening catch a file swapped for a link or a FIFO in between,
// and O_NONBLOCK keeps opening a FIFO from blocking the whole server.
function readSiteFile(realRoot, file) {
  let real;
  try {
    real = fs.realpathSync(file);
  } catch {
    return null;
  }
  if (!isInside(realRoot, real)) return null;
  let fd;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    return fs.fstatSync(fd).isFile() ? fs.readFileSync(fd) : null;
  } finally {
    fs.closeSync(fd);
  }
}

function isSiteDirectory(realRoot, dir) {
  try {
    const real = fs.realpathSync(dir);
    return isInside(realRoot, real) && fs.statSync(real).isDirectory();
  } catch {
    return false;
  }
}

// The path of a folder inside root as a URL path: "/" + its segments, each
// encoded, so a redirect built from it can never start with "//".
function urlPathOf(root, dir) {
  const rel = path.relative(root, dir);
  return rel === '' ? '/' : `/${rel.split(path.sep).map(encodeURIComponent).join('/')}/`;
}

// Maps a URL path to what a static host answers, the way Netlify does:
// `/a/` -> `/a/index.html`, `/a` -> redirect to `/a/` when that is a folder.
// Returns { body, file } | { redirect } | { missing: true } | { bad: true }.
function resolve(root, realRoot, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { bad: true };
  }
  if (decoded.includes('\0')) return { bad: true };
  const file = path.join(root, decoded);
  if (!isInside(root, file)) return { missing: true };
  if (isSiteDirectory(realRoot, file)) {
    if (!urlPath.endsWith('/')) return { redirect: urlPathOf(root, file) };
    const index = path.join(file, 'index.html');
    const body = readSiteFile(realRoot, index);
    return body ? { body, file: index } : { missing: true };
  }
  const body = readSiteFile(realRoot, file);
  return body ? { body, file } : { missing: true };
}

// Netlify's header rules hold Cache-Control for files that never change
// (/assets/f/); an error or a redirect must not be cached for a year under
// that URL, so only a served file gets it.
function headersForStatus(rules, urlPath, status) {
  const h = headersFor(rules, urlPath);
  if (status === 200) return h;
  for (const k of Object.keys(h)) if (k.toLowerCase() === 'cache-control') delete h[k];
  return h;
}

function createServer({ root = SITE, netlifyToml } = {}) {
  const absRoot = path.resolve(root);
  let realRoot;
  try {
    realRoot = fs.realpathSync(absRoot);
  } catch {
    throw new Error(`serve: no site folder at ${absRoot}; run \`npm run build\` first.`);
  }
  const { headers: rules, redirects } = loadNetlifyConfig(netlifyToml);

  function handle(req, res) {
    let urlPath = '/';
    const send = (status, headers, body) => {
      res.writeHead(status, { ...headersForStatus(rules, urlPath, status), ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const text = (status, message) => send(status, { 'Content-Type': 'text/plain; charset=utf-8' }, `${message}\n`);
    // An origin-form target ("/path") is appended to a base rather than
    // resolved against it: resolved, "//assets" would name a host.
    let url;
    try {
      url = new URL(req.url.startsWith('/') ? `http://localhost${req.url}` : req.url);
    } catch {
      return text(400, 'Bad request');
    }
    urlPath = url.pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed\n');
    }
    const redirect = redirectFor(redirects, urlPath, url.search);
    if (redirect && redirect.force) return send(redirect.status, { Location: redirect.location }, '');
    const hit = resolve(absRoot, realRoot, urlPath);
    if (hit.bad) return text(400, 'Bad request');
    if (hit.redirect) return send(301, { Location: hit.redirect + url.search }, '');
    if (hit.missing) {
      if (redirect) return send(redirect.status, { Location: redirect.location }, '');
      const notFound = readSiteFile(realRoot, path.join(absRoot, '404.html'));
      if (notFound) return send(404, { 'Content-Type': TYPES['.html'] }, notFound);
      return text(404, 'Not found');
    }
    const type = TYPES[path.extname(hit.file).toLowerCase()] || 'application/octet-stream';
    send(200, { 'Content-Type': type, 'Content-Length': hit.body.length }, hit.body);
  }

  // One guard around every request: whatever a request does, it gets an
  // answer and the server keeps serving the next one.
  return http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      console.error(`serve: ${req.method} ${req.url}: ${err.stack || err.message}`);
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal server error\n');
      }
    }
  });
}

// This machine only: a preview is for its author, never for the network.
// npm start's dev server listens here too (_config/dev-server.js).
const LOOPBACK = '127.0.0.1';

// Starts serving and resolves once listening. Port 0 picks a free port, which
// is what tests running in parallel want.
function serve({ root, port = 0, host = LOOPBACK, netlifyToml } = {}) {
  const server = createServer({ root, netlifyToml });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolvePromise({
        server,
        url: `http://${host}:${actual}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

module.exports = { createServer, serve, LOOPBACK };
