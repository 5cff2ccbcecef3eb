// What V8's async stack traces (on by default since Node 12) add, shown on a
// minimal upload: prints one JSON line with two traces for
// scripts/debuggability.js.
//   thrownAfterAwait  an async helper throws after an await; the trace goes
//                     on past the await with `at async upload`
//   createdInCallback the error is made in an I/O callback and rejects the
//                     awaited promise; no async frame can be added, because
//                     the error was created outside any async function
'use strict';
const fs = require('node:fs');

const io = (fail) => new Promise((resolve, reject) => {
  setImmediate(() => (fail ? reject(new Error('I/O failed')) : resolve('row')));
});

async function insertRow(fail) {
  const row = await io(false);
  if (!fail) return row;
  throw new Error('insert failed after an await');
}

async function upload(way) {
  await io(false);
  if (way === 'thrownAfterAwait') await insertRow(true);
  else await io(true);
}

async function main() {
  const out = {};
  for (const way of ['thrownAfterAwait', 'createdInCallback']) {
    try {
      await upload(way);
    } catch (err) {
      out[way] = err.stack.split(__filename).join('scripts/analyze/async-stack-demo.js');
    }
  }
  fs.writeSync(1, JSON.stringify(out) + '\n');
}

main();
