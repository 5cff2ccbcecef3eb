#!/usr/bin/env node
// Serves an existing build of the site with netlify.toml's headers and
// redirects (scripts/site-tools/server.js); `npm run preview` builds, then runs this.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { serve } = require('./site-tools/server');
const { parseCommandLine, port, portFromEnv, DEFAULT_PORT, UsageError, reportFailure } = require('./lib/args');
const { SITE } = require('./lib/paths');

const HELP = `Usage: node scripts/serve.js [--port ${DEFAULT_PORT}] [--dir _site]

  --port N     port to listen on, 0 to 65535 in decimal (default $PORT, checked the same way,
               or ${DEFAULT_PORT}; 0 picks a free one). Listens on 127.0.0.1 only.
  --dir DIR    the built site to serve (default _site)
  --help       this text`;

function parseArgs(argv, env = process.env) {
  const { help, values } = parseCommandLine(argv, { options: { port: { type: 'string' }, dir: { type: 'string' } } });
  if (help) return { help: true };
  const opts = { port: values.port !== undefined ? port('--port', values.port) : portFromEnv(env), dir: SITE };
  if (values.dir !== undefined) {
    if (!values.dir) throw new UsageError('--dir needs a folder');
    opts.dir = path.resolve(values.dir);
  }
  return opts;
}

function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) return console.log(HELP);
  if (!fs.existsSync(path.join(opts.dir, 'index.html'))) {
    console.error(`No built site in ${opts.dir}. Run \`npm run build\` first (or \`npm run preview\`, which builds).`);
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

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    reportFailure('serve', err);
  }
}

module.exports = { parseArgs };
