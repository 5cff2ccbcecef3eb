// --resume adds this run's repetitions to cells an earlier run began. If that
// run measured on another host (scripts/lib/host-identity.js), a cell would
// pool samples from two machines, and the cells of the plan would compare
// figures across them: refused, unless --allow-other-host, which goes on and
// records the runs it continued in the run's `hostChanged`. On the same host,
// the earlier run's anchor is returned so the runner can compare its own
// start with it (a host whose identity stayed but whose speed did not).
'use strict';
const { sameIdentity, hostLabel } = require('../lib/host-identity');
const { UsageError } = require('../lib/args');

class HostChangeError extends UsageError {
  constructor(message) {
    super(message);
    this.name = 'HostChangeError';
  }
}

// store: the run store's cells (runner.js); plan: the run's; env: this run's
// record (its host). Returns { changed: [run ids on another host], anchored:
// { id, anchor } of the latest earlier run with an anchor, or null }.
function checkResumeHost(store, plan, env, { allow = false, file = 'the data file' } = {}) {
  const ids = new Set();
  for (const cell of plan.cells) {
    const stored = store.get(cell.key);
    if (!stored || stored.replacing) continue;
    for (const s of stored.samples) if (s.run) ids.add(s.run);
  }
  const runs = store.data.runs || {};
  const earlier = [...ids].filter((id) => runs[id]).sort();
  const changed = earlier.filter((id) => runs[id].host && !sameIdentity(runs[id].host, env.host));
  if (changed.length && !allow) {
    const theirs = [...new Set(changed.map((id) => hostLabel(runs[id].host)))].join(', ');
    throw new HostChangeError(`--resume: ${file} holds cells of this plan measured on ${theirs} (run ${changed[0]}` +
      `${changed.length > 1 ? ` and ${changed.length - 1} more` : ''}), and this machine is ${hostLabel(env.host)}: ` +
      'their figures and this run\'s would not compare. Measure into a new file with --out, or pass --allow-other-host ' +
      'to go on anyway (the run is then flagged in runs[...].hostChanged)');
  }
  const withAnchor = earlier.filter((id) => !changed.includes(id) && runs[id].anchor && runs[id].anchor.start);
  const last = withAnchor[withAnchor.length - 1];
  return { changed, anchored: last ? { id: last, anchor: runs[last].anchor } : null };
}

module.exports = { checkResumeHost, HostChangeError };
