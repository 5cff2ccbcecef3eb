// A pretend key-value store for the article's samples. Reads finish a few
// milliseconds later on a timer, like a database on the network would, and
// each read exists in both conventions: callback last, or a returned promise.
'use strict';

const rows = {
  'user:ada': { id: 7, name: 'Ada' },
  'orders:7': ['lamp', 'desk'],
};

function get(key, callback) {
  setTimeout(() => {
    if (key in rows) callback(null, rows[key]);
    else callback(new Error(`no row under "${key}"`));
  }, 5);
}

function getP(key) {
  return new Promise((resolve, reject) => {
    get(key, (err, row) => (err ? reject(err) : resolve(row)));
  });
}

module.exports = { get, getP };
