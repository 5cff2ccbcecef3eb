// Which machine a run measured on, written once for the harness and the site.
// A run's env.host (scripts/lib/env.js) records the machine; this module says
// what of that record identifies it, how a page names it, and when two runs
// count as one host (data/SCHEMA.md, "Hosts").
//
// Why the kernel build is part of the identity: on this kind of hosted
// machine the CPU model reads the same ("AMD EPYC") on hosts whose speed
// differs by 40 %, while the kernel build string (…-fc-v595, …-fc-v782)
// differs between them. Load average and memory are readings, not identity.
'use strict';
const crypto = require('node:crypto');

// What a merged file keeps per machine (scripts/harness/merge.js): the
// description of the machine, not its load at the time.
const RECORD_FIELDS = ['cpu', 'cores', 'memGb', 'os', 'kernel', 'arch'];
// What decides whether two runs are on one host: a different CPU model,
// core count or kernel build is a different machine as far as timings go.
const IDENTITY_FIELDS = ['cpu', 'cores', 'kernel'];

const trimmed = (v) => (typeof v === 'string' ? v.trim() : v);

function hostRecord(host) {
  return Object.fromEntries(RECORD_FIELDS.filter((f) => host[f] !== undefined).map((f) => [f, host[f]]));
}

// A short stable id for a machine description: host-<8 hex>. Merged files
// name their hosts by it, so its input stays the full record.
function hostId(host) {
  return 'host-' + crypto.createHash('sha256').update(JSON.stringify(hostRecord(host))).digest('hex').slice(0, 8);
}

// "AMD EPYC|2|Linux 6.18.44-fc-v595": equal keys, one host (before anchors).
function identityKey(host) {
  return IDENTITY_FIELDS.map((f) => String(trimmed(host[f]) ?? '')).join('|');
}

function sameIdentity(a, b) {
  return Boolean(a && b) && identityKey(a) === identityKey(b);
}

// The kernel build's last part ("v595"), or null when the record has none.
function kernelBuild(host) {
  const m = /-([A-Za-z0-9]+)\s*$/.exec(String(host.kernel || ''));
  return m ? m[1] : null;
}

// How a caption names a host: "AMD EPYC · kernel …v595"; the CPU alone for
// records without a kernel (files from before it was recorded).
function hostLabel(host) {
  const build = kernelBuild(host);
  return build ? `${trimmed(host.cpu)} · kernel …${build}` : trimmed(host.cpu);
}

module.exports = { RECORD_FIELDS, IDENTITY_FIELDS, hostRecord, hostId, identityKey, sameIdentity, kernelBuild, hostLabel };
