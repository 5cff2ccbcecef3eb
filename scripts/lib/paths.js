// Where things are in the repository, computed once from this file's place
// (scripts/lib/), so no module counts '..' to find the root itself.
'use strict';
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

module.exports = {
  ROOT,
  DATA: path.join(ROOT, 'data'),
  EXAMPLES: path.join(ROOT, 'examples'),
  SITE: path.join(ROOT, '_site'),
};
