'use strict';
// Shared set-up for browser tests: the Chromium that
// scripts/lib/find-browser.js finds, driven by playwright-core,
// the built site served with exactly netlify.toml's headers, and a record of
// everything that went wrong on a page (console errors, uncaught exceptions,
// failed or 4xx/5xx requests, CSP violations).
//
//   const { startSession } = require('../../scripts/site-tools/browser');
//   const s = await startSession();
//   const { page, problems } = await s.open('/posts/hello/', { colorScheme: 'dark' });
//   await s.snapshot(page, 'hello-dark.png', { fullPage: true });
//   assert.deepEqual(problems.list(), []);
//   await s.close();

const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { serve } = require('./server');
const { ensureSite, ROOT } = require('./site');
const { launchOptions, LAUNCH_ARGS } = require('../lib/find-browser');

const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');

// No browser is an error, in CI and locally alike: a browser test that cannot
// run fails, it is never skipped.
function launchBrowser() {
  return chromium.launch(launchOptions());
}

function problemRecorder() {
  const rec = { consoleErrors: [], pageErrors: [], failedRequests: [], cspViolations: [] };
  rec.list = () => [
    ...rec.consoleErrors.map((m) => `console: ${m}`),
    ...rec.pageErrors.map((m) => `exception: ${m}`),
    ...rec.failedRequests.map((m) => `request: ${m}`),
    ...rec.cspViolations.map((m) => `csp: ${m}`),
  ];
  return rec;
}

// Wires the listeners before navigation so nothing on first load is missed.
// CSP violations are caught twice on purpose: the DOM event gives the blocked
// URI and directive, the console message catches reports Chromium only logs.
async function watch(page) {
  const problems = problemRecorder();
  await page.exposeBinding('__reportCspViolation', (_src, v) => {
    problems.cspViolations.push(`${v.directive} blocked ${v.blockedURI || '(inline)'} at ${v.sourceFile || '?'}:${v.lineNumber || '?'}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation({
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile,
        lineNumber: e.lineNumber,
      });
    });
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (/Content Security Policy/i.test(text)) problems.cspViolations.push(text);
    else problems.consoleErrors.push(text);
  });
  page.on('pageerror', (err) => problems.pageErrors.push(err.message));
  page.on('requestfailed', (req) => {
    problems.failedRequests.push(`${req.url()} (${req.failure() ? req.failure().errorText : 'failed'})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.failedRequests.push(`${res.url()} (HTTP ${res.status()})`);
  });
  return problems;
}

// Launches Chromium and serves the built site on a free port. `open(path,
// options)` gives a fresh context per page, so colour scheme and viewport
// never leak between tests. filterLimitMs: the charts' regex filter's match
// budget in every page (window.chartFilterTuning), for tests whose subject is
// not that budget: the reader's 1 s trips when the machine is busy, and a
// test must not depend on how busy it is. Unset, pages keep the reader's.
async function startSession({ root, filterLimitMs = null } = {}) {
  const siteRoot = root || ensureSite();
  const server = await serve({ root: siteRoot, port: 0 });
  let browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.close();
    throw err;
  }
  const contexts = [];
  return {
    browser,
    baseURL: server.url,
    // init: [function, argument] run in every page of the context before
    // the page's own scripts (page.addInitScript), e.g. to wrap window.Worker.
    async open(urlPath, { colorScheme = 'light', viewport = { width: 1280, height: 900 }, waitUntil = 'load', init = null } = {}) {
      const context = await browser.newContext({ colorScheme, viewport, baseURL: server.url });
      contexts.push(context);
      if (filterLimitMs) await context.addInitScript((limit) => { window.chartFilterTuning = { limit }; }, filterLimitMs);
      if (init) await context.addInitScript(...init);
      const page = await context.newPage();
      const problems = await watch(page);
      const response = await page.goto(urlPath, { waitUntil });
      return { page, problems, response, context };
    },
    artifact(name) {
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      return path.join(ARTIFACTS, name);
    },
    // A screenshot for a person to look at (a page or a locator), never an
    // assertion: on a loaded machine Chromium sometimes answers "Unable to
    // capture screenshot" once, so it is tried twice and then only reported.
    async snapshot(target, name, options = {}) {
      const file = this.artifact(name);
      for (let attempt = 1; ; attempt++) {
        try {
          return await target.screenshot({ ...options, path: file });
        } catch (err) {
          if (!/Unable to capture screenshot/.test(err.message)) throw err;
          if (attempt === 2) return console.error(`screenshot ${name} not taken: ${err.message.split('\n')[0]}`);
        }
      }
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

module.exports = { startSession, launchBrowser, watch, LAUNCH_ARGS, ARTIFACTS };
