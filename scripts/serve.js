'use strict';
// A small static server for the built site, with the response headers that
// netlify.toml declares. `npm start` uses it to preview, and the browser tests
// use it so pages are checked under the deployed Content-Security-Policy.
// No dependency: Eleventy's dev server does not apply netlify.toml headers.
//
//   node scripts/serve.js [--port 8080] [--dir _site]

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { loadHeaderRules, headersFor } = require('./lib/netlify-headers');

const ROOT = path.join(__dirname, '..');

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

// Resolve a URL path to a file inside root the way Netlify does for a static
// site: `/a/` -> `/a/index.html`, and `/a` -> redirect to `/a/` when that is a
// directory. Returns null for anything outside root.
function resolve(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(root, decoded);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return { missing: true };
  }
  if (stat.isDirectory()) {
    if (!urlPath.endsWith('/')) return { redirect: urlPath + '/' };
    const index = path.join(file, 'index.html');
    return fs.existsSync(index) ? { file: index } : { missing: true };
  }
  return { file };
}

function createServer({ root = path.join(ROOT, '_site'), headerFile } = {}) {
  const absRoot = path.resolve(root);
  const rules = loadHeaderRules(headerFile);
  return http.createServer((req, res) => {
    const urlPath = new URL(req.url, 'http://x').pathname;
    const send = (status, headers, body) => {
      res.writeHead(status, { ...headersFor(rules, urlPath), ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'Method not allowed\n');
    }
    const hit = resolve(absRoot, urlPath);
    if (!hit) return send(400, { 'Content-Type': 'text/plain' }, 'Bad request\n');
    if (hit.redirect) return send(301, { Location: hit.redirect }, '');
    if (hit.missing) {
      const notFound = path.join(absRoot, '404.html');
      if (fs.existsSync(notFound)) {
        return send(404, { 'Content-Type': TYPES['.html'] }, fs.readFileSync(notFound));
      }
      return send(404, { 'Content-Type': 'text/plain' }, 'Not found\n');
    }
    const type = TYPES[path.extname(hit.file).toLowerCase()] || 'application/octet-stream';
    const body = fs.readFileSync(hit.file);
    send(200, { 'Content-Type': type, 'Content-Length': body.length }, body);
  });
}

// Starts serving and resolves once listening. Port 0 picks a free port, which
// is what tests running in parallel want.
function serve({ root, port = 0, host = '127.0.0.1', headerFile } = {}) {
  const server = createServer({ root, headerFile });
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

function parseArgs(argv) {
  const opts = { port: Number(process.env.PORT) || 8080, dir: path.join(ROOT, '_site') };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') opts.port = Number(argv[++i]);
    else if (argv[i] === '--dir') opts.dir = path.resolve(argv[++i]);
    else throw new Error(`Unknown argument ${argv[i]}. Usage: node scripts/serve.js [--port 8080] [--dir _site]`);
  }
  return opts;
}

if (require.main === module) {
  const opts = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(opts.dir, 'index.html'))) {
    console.error(`No built site in ${opts.dir}. Run \`npm run build\` first (or \`npm start\`, which builds).`);
    process.exit(1);
  }
  serve({ root: opts.dir, port: opts.port }).then(
    ({ url }) => console.log(`Serving ${path.relative(process.cwd(), opts.dir) || '.'} at ${url}/  (Ctrl+C to stop)`),
    (err) => {
      console.error(err.code === 'EADDRINUSE' ? `Port ${opts.port} is in use; try --port 8081 or PORT=8081.` : err.message);
      process.exit(1);
    }
  );
}

module.exports = { createServer, serve };
