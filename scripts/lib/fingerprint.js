'use strict';
// The fingerprint in a long-cached asset's name (/assets/f/NAME.<fingerprint>.EXT):
// the first 10 hex digits of the SHA-256 of its content, so a page and the
// files it names change together. Several texts (a bundle's sources) are
// hashed with a separator between them, so moving text from one to the next
// changes the fingerprint.
const crypto = require('node:crypto');

function fingerprint(...texts) {
  const h = crypto.createHash('sha256');
  texts.forEach((t, i) => {
    if (i) h.update('\0');
    h.update(t);
  });
  return h.digest('hex').slice(0, 10);
}

module.exports = { fingerprint };
