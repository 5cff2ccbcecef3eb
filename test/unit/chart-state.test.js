'use strict';
// assets/js/chart-state.js: the URL-fragment encoding of the reader's chart
// views. Round trips, several charts side by side, and inputs that must be
// dropped (never thrown) so a broken link still opens the page.
const test = require('node:test');
const assert = require('node:assert/strict');
const S = require('../../assets/js/chart-state');

test('a view round-trips through the fragment, values with separators included', () => {
  const view = {
    anchor: 'chart-perf-cpu-time',
    charts: {
      'perf-cpu-time': { regex: '^(a|b);c:d,e&f=g', hidden: ['co.js', 'x,y', 'a&b=c;d:e'], log: true, table: false },
      '2013-io': { regex: '' },
    },
  };
  const frag = S.format(view);
  assert.match(frag, /^#chart-perf-cpu-time&perf-cpu-time=r:[^&=]+;h:[^&=;]+;l:1;t:0&2013-io=r:$/);
  assert.deepEqual(S.parse(frag), view);
});

test('the author view is no fragment; a plain anchor stays a plain anchor', () => {
  assert.equal(S.format({ anchor: null, charts: {} }), '');
  assert.equal(S.format({ anchor: 'the-workload', charts: {} }), '#the-workload');
  assert.deepEqual(S.parse('#the-workload'), { anchor: 'the-workload', charts: {} });
  assert.deepEqual(S.parse(''), { anchor: null, charts: {} });
});

test('malformed parts and fields are dropped one by one, never thrown', () => {
  assert.deepEqual(S.parse('#%E0%A4%A'), { anchor: null, charts: {} });
  assert.deepEqual(S.parse('#x&a=r:%E0;h:ok,%ZZ;l:2;t:1;q:9'), { anchor: 'x', charts: { a: { table: true } } });
  assert.deepEqual(S.parse('#&&==;;::,,&Bad_Id=h:x&=r:x&c=h:,'), { anchor: null, charts: {} });
  assert.deepEqual(S.parse('#a=h:one&a=h:two'), { anchor: null, charts: { a: { hidden: ['one'] } } }, 'first part for a chart wins');
  assert.deepEqual(S.parse('#__proto__=h:x&constructor=l:1'), { anchor: null, charts: {} });
  assert.deepEqual(S.parse(`#a=r:${'x'.repeat(S.MAX_PATTERN + 1)};l:1`), { anchor: null, charts: { a: { log: true } } });
  assert.deepEqual(S.parse(`#a=l:1&b=${'x'.repeat(S.MAX_FRAGMENT)}`), { anchor: null, charts: {} });
  for (const junk of [null, undefined, 42, '#', '#=', '#&', '#%']) assert.doesNotThrow(() => S.parse(junk));
});

test('"every series shown" on a chart that opens with some hidden (a readable view) is written as an empty h: and read back', () => {
  const view = { anchor: null, charts: { 'cpu-all': { hidden: [] } } };
  assert.equal(S.format(view), '#cpu-all=h:');
  assert.deepEqual(S.parse('#cpu-all=h:'), view);
});
