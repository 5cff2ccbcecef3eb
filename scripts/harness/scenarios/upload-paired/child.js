// The child's side of the "upload-paired" scenario (descriptor.js): the
// upload batch of a style and of nested callbacks (--baseline), alternately
// in this one process, each in a vm context of its own. The pairs and their
// record: ../fake-io.child.js paired(). ES5 like the other children.
'use strict';
module.exports = require('../fake-io.child').paired({ call: 'upload', errors: false });
