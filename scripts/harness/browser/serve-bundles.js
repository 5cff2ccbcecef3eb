// The `chromium` runtime's web server: a blank page and the worker bundles,
// held in memory (they are built at the start of a run and never written into
// the repository), on a free port of 127.0.0.1. Every response carries the
// headers of cross-origin isolation (COOP same-origin, COEP require-corp), the
// condition under which a page may ask the browser for a worker's memory
// (performance.measureUserAgentSpecificMemory); a browser that still refuses
// is recorded as such (chromium-session.js). A bundle's URL holds a hash of
// its code, so a page never runs a stale one.
'use strict';
const http = require('node:http');

const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store'
};
const PAGE = '<!doctype html><meta charset="utf-8"><title>asyncbench: chromium runtime</title>';

// → Promise<{ url, add(path, code), close() }>.
function serveBundles() {
  const files = new Map([['/', { type: 'text/html; charset=utf-8', body: PAGE }]]);
  const server = http.createServer((req, res) => {
    const file = req.method === 'GET' ? files.get(req.url) : null;
    if (!file) {
      res.writeHead(404, ISOLATED);
      return res.end();
    }
    res.writeHead(200, Object.assign({ 'Content-Type': file.type }, ISOLATED));
    res.end(file.body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        add(path, code) { files.set(path, { type: 'text/javascript; charset=utf-8', body: code }); },
        close: () => new Promise((done) => server.close(() => done()))
      });
    });
  });
}

module.exports = { serveBundles };
