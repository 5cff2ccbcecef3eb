'use strict';
// A temporary data folder for tests that break one data file: a copy of the
// committed data/*.json (or only the files named in `only`), with files
// dropped, edited (a function changes the parsed JSON) or replaced by raw
// text. The caller removes it with remove().
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DATA = path.join(__dirname, '..', '..', 'data');

function dataDir({ only = null, drop = [], edit = {}, raw = {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asyncbench-data-'));
  const names = fs.readdirSync(DATA).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  for (const name of names) {
    if ((only && !only.includes(name)) || drop.includes(name)) continue;
    const from = path.join(DATA, `${name}.json`);
    const to = path.join(dir, `${name}.json`);
    if (edit[name]) {
      const data = JSON.parse(fs.readFileSync(from, 'utf8'));
      edit[name](data);
      fs.writeFileSync(to, JSON.stringify(data));
    } else {
      fs.copyFileSync(from, to);
    }
  }
  for (const [name, text] of Object.entries(raw)) fs.writeFileSync(path.join(dir, `${name}.json`), text);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

module.exports = { dataDir };
