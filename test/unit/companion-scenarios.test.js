'use strict';
// Every scenario's child module is either one of the 2013 workload's (upload,
// errors, parallel: ../fake-io.child.js) or a companion scenario started by
// the one driver (../together.js, issue 40): none keeps its own start loop,
// sums, memory frame or wait for a second end, which chains, delegation and
// streamline-modes each used to copy.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { folders } = require('../../scripts/harness/scenarios/locate');
const { stripComments } = require('../helpers/script-imports');

const COPIED = [
  ['a start loop of its own', /function fire\(/],
  ['sums of its own', /function (sum|min)\(/],
  ['a memory frame of its own', /memory\.span\(/],
  ['a wait for a second end of its own', /setTimeout\(function \(\) \{/],
];

test('the companion scenarios start their units through together.js, and keep no copy of it', () => {
  const companions = [];
  for (const { name, dir } of folders({})) {
    const code = stripComments(fs.readFileSync(path.join(dir, 'child.js'), 'utf8'));
    const driver = /require\('\.\.\/together'\)/.test(code);
    assert.ok(driver || /require\('\.\.\/fake-io\.child'\)/.test(code), `${name}/child.js uses neither the 2013 workload nor the driver`);
    if (driver) companions.push(name);
    for (const [what, re] of COPIED) assert.doesNotMatch(code, re, `${name}/child.js has ${what}: use ../together.js`);
  }
  for (const name of ['chains', 'delegation', 'streamline-modes']) assert.ok(companions.includes(name), `${name} uses the driver`);
});
