/* Which browser the reader's figures come from and how many cores it
reports, from navigator alone (nothing is sent anywhere): the label of
their results, the column of the chart and the runtime of the download.
userAgentData where the browser offers it (Chromium), else the brands a
user agent string names, newest first. */
'use strict';

var UA_NAMES = [['Edg', 'Edge'], ['OPR', 'Opera'], ['Firefox', 'Firefox'], ['Chrome', 'Chrome'], ['Version', 'Safari']];

function brand(nav) {
  var data = nav.userAgentData;
  if (data && data.brands && data.brands.length) {
    var real = data.brands.filter(function (b) { return !/not.?a.?brand/i.test(b.brand); });
    var pick = real.filter(function (b) { return b.brand !== 'Chromium'; })[0] || real[0];
    if (pick) return { name: pick.brand, version: pick.version };
  }
  var ua = nav.userAgent || '';
  for (var i = 0; i < UA_NAMES.length; i++) {
    var m = new RegExp(UA_NAMES[i][0] + '/([0-9.]+)').exec(ua);
    if (m) return { name: UA_NAMES[i][1], version: m[1] };
  }
  return { name: 'an unknown browser', version: '' };
}

// → { name, version, cores (null when not reported), text }
function browserLabel(nav) {
  var b = brand(nav);
  var cores = typeof nav.hardwareConcurrency === 'number' && nav.hardwareConcurrency > 0 ? nav.hardwareConcurrency : null;
  var text = b.name + (b.version ? ' ' + b.version : '') + ', ' +
    (cores === null ? 'cores not reported' : cores + (cores === 1 ? ' core' : ' cores') + ' reported');
  return { name: b.name, version: b.version, cores: cores, text: text };
}

module.exports = { browserLabel: browserLabel };
