// Runs the conformance checks of one manifest entry under the runtime that
// runs this file (a variant that needs fibers runs under Node 14, say) and
// prints one JSON line: [{ name, problems }]. It loads fibers and fibrous
// from that runtime's fibers tree, as the benchmark's child runner does.
//   <node> test/helpers/conformance-runner.js <variant id>
'use strict';
const { useFibersTree } = require('../../scripts/runtimes/fibers-hook');
const fibers = useFibersTree();
const { loadManifest } = require('../../scripts/lib/manifest');
const { exampleFile } = require('../../scripts/lib/paths');
const { checks, referenceLogs } = require('./conformance-suite');

async function main(id) {
  const { variants } = loadManifest();
  const v = variants.find((e) => e.id === id);
  if (!v) throw new Error(`no manifest entry "${id}"`);
  if (v.requires.includes('fibers') && !fibers.dir) throw new Error(`fibers cannot load here: ${fibers.reason}`);
  const mod = require(exampleFile(v.file));
  const refs = await referenceLogs();
  const out = [];
  for (const c of checks(v, mod, variants, refs)) out.push({ name: c.name, problems: await c.run() });
  return out;
}

main(process.argv[2]).then((out) => {
  process.stdout.write(JSON.stringify(out) + '\n');
  process.exit(0);
}, (err) => {
  process.stderr.write(`conformance-runner: ${err.stack || err}\n`);
  process.exit(1);
});
