// The long-stack-trace switches of the libraries that have one, as each
// library's own source defines them. Shared by the benchmark child (to price a
// switch) and the debuggability child (to see what it adds to a trace).
// ES5: the benchmark child loads it on every runtime of the matrix.
'use strict';

var SWITCHES = {
  q: function () { require('q').longStackSupport = true; },
  bluebird: function () { require('bluebird').config({ longStackTraces: true }); },
  genny: function () { require('genny').longStackSupport = true; },
  // The 2013 versions the era variants load (npm aliases): Q 0.9 already had
  // the flag; Bluebird 0.9 had a function instead of config().
  'q-0.9': function () { require('q-0.9').longStackSupport = true; },
  'bluebird-0.9': function () { require('bluebird-0.9').longStackTraces(); }
};

// Must run before the variant loads: Bluebird only accepts the switch before
// its first promise is created.
function enableLongStacks(lib) {
  if (!lib) return;
  if (!Object.prototype.hasOwnProperty.call(SWITCHES, lib)) {
    throw new Error('unknown long-stack switch "' + lib + '" (known: ' + Object.keys(SWITCHES).join(', ') + ')');
  }
  SWITCHES[lib]();
}

module.exports = { enableLongStacks: enableLongStacks, SWITCHES: Object.keys(SWITCHES) };
