// --resume onto cells of another host is refused (scripts/harness/resume-host.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { checkResumeHost, HostChangeError } = require('../../scripts/harness/resume-host');
const { UsageError } = require('../../scripts/lib/args');

const V595 = { cpu: 'AMD EPYC', cores: 2, kernel: 'Linux 6.18.44-fc-v595', os: 'Debian' };
const V782 = { cpu: 'AMD EPYC', cores: 2, kernel: 'Linux 6.18.44-fc-v782', os: 'Debian' };

function store(runs, cells) {
  const byKey = new Map(cells.map((c) => [c.key, c]));
  return { data: { runs }, get: (key) => byKey.get(key) };
}
const plan = { cells: [{ key: 'a' }, { key: 'b' }] };
const cell = (key, run, extra = {}) => Object.assign({ key, samples: [{ rep: 1, run }] }, extra);

test('a resume on the host of the earlier run passes and hands back its anchor', () => {
  const anchor = { start: { samples: [] } };
  const s = store({ r1: { host: V595, anchor } }, [cell('a', 'r1'), cell('b', 'r1')]);
  const got = checkResumeHost(s, plan, { host: Object.assign({}, V595, { loadavg: [3] }) });
  assert.deepEqual(got.changed, []);
  assert.deepEqual(got.anchored, { id: 'r1', anchor });
});

test('a resume on another kernel build is refused, naming both hosts and the way out', () => {
  const s = store({ r1: { host: V782 } }, [cell('a', 'r1')]);
  assert.throws(() => checkResumeHost(s, plan, { host: V595 }, { file: 'data/x.json' }), (err) => {
    assert.ok(err instanceof HostChangeError && err instanceof UsageError, 'exit 2 like any refused input');
    assert.match(err.message, /data\/x\.json holds cells of this plan measured on AMD EPYC · kernel …v782 \(run r1\)/);
    assert.match(err.message, /this machine is AMD EPYC · kernel …v595/);
    assert.match(err.message, /--out.*--allow-other-host/);
    return true;
  });
});

test('--allow-other-host goes on and reports the runs continued across hosts; cells being replaced do not count', () => {
  const s = store({ r1: { host: V782 }, r2: { host: V782 } }, [cell('a', 'r1'), cell('b', 'r2', { replacing: 'r3' })]);
  assert.deepEqual(checkResumeHost(s, plan, { host: V595 }, { allow: true }).changed, ['r1']);
});
