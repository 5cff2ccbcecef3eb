'use strict';
// The paired design beside the unpaired one (issue 41, item 2): per style,
// the cost per call over nested callbacks as the upload cells give it (the
// style's and callbacks' warm figures from separate processes,
// scripts/lib/cost-per-call.js) and as the upload-paired cells give it (both
// measured alternately in one process, each in its own vm context,
// scripts/harness/paired-figures.js), each with its 95 % interval, so a
// reader sees whether pairing moves the figure beyond its interval and what
// it does to the interval.
//
//   {% dataTable "pairedCost", n=1000 %}   (runtime=, mode=cpu)
const { BASELINE } = require('../../scripts/lib/manifest');
const { styleName, inSentence } = require('../lib/style-names');
const { selectCells, FLOOR_ID, MODES } = require('../lib/cells');
const { perfFile } = require('../lib/perf-files');
const { profileName } = require('../../scripts/lib/runtime-id');
const { perfProvenance } = require('../lib/provenance');
const { oneHost } = require('../lib/host-guard');
const { cellCostPerCall } = require('../../scripts/lib/cost-per-call');
const { perCall: us, ratio: times } = require('../../assets/js/cost-format');
const { pairedBetter, halfWidth } = require('../lib/paired-better');

const interval = (ci, format) => (ci ? `${format(ci[0])} to ${format(ci[1])}` : '–');
const plusMinus = (w) => (w === null ? '–' : `± ${us(w)}`);

function pairedCostTable(args, load) {
  const n = Number(args.n || 1000);
  const mode = args.mode || 'cpu';
  if (!MODES[mode]) throw new Error(`tables: unknown mode "${mode}" for pairedCost; use one of ${Object.keys(MODES).join(', ')}.`);
  const hit = load(perfFile(args.runtime));
  const paired = selectCells(hit.data, { runtime: args.runtime, scenario: 'upload-paired', mode, maxN: null }).filter((c) => c.n === n);
  const runtime = paired[0] ? paired[0].runtime : args.runtime || 'node-24';
  const upload = selectCells(hit.data, { runtime, scenario: 'upload', mode, maxN: null }).filter((c) => c.n === n);
  const base = upload.find((c) => c.variant === BASELINE && c.warm && typeof c.warm.median === 'number');
  const rows = paired
    .filter((c) => c.variant !== FLOOR_ID && c.pairedCost && typeof c.pairedCost.median === 'number')
    .map((c) => {
      const own = upload.find((u) => u.variant === c.variant && u.warm && typeof u.warm.median === 'number');
      // The paired cost is set against the unpaired one: raw figures, one host.
      oneHost(hit, [c, own, base].filter(Boolean), `the paired table (${c.variant}, ${mode}, n = ${n})`);
      const unpaired = own && base ? (own === base ? { costUs: 0, costCi95Us: null } : cellCostPerCall(own, base)) : null;
      const pairedCi = c.pairedCostCi && c.pairedCostCi.lo !== null ? [c.pairedCostCi.lo, c.pairedCostCi.hi] : null;
      const verdict = pairedBetter(unpaired, { costUs: c.pairedCost.median, ci: pairedCi });
      return {
        name: c.variant,
        unpaired: unpaired ? us(unpaired.costUs) : '–',
        unpairedCi: unpaired ? plusMinus(halfWidth(unpaired.costCi95Us)) : '–',
        paired: us(c.pairedCost.median),
        pairedCi: plusMinus(halfWidth(pairedCi)),
        ratio: c.pairedRatio && typeof c.pairedRatio.median === 'number' ? times(c.pairedRatio.median) : '–',
        ratioCi: c.pairedRatioCi && c.pairedRatioCi.lo !== null ? interval([c.pairedRatioCi.lo, c.pairedRatioCi.hi], times) : '–',
        same: verdict.comparable ? (verdict.agree ? 'yes' : 'no: the intervals do not overlap') : '–',
        width: verdict.comparable && verdict.factor !== null ? `${verdict.narrower ? 'narrower' : 'not narrower'} (${times(verdict.factor)})` : '–',
        processes: `${c.pairedCost.count} of ${c.samples.filter((s) => s.status === 'ok').length}`,
        raw: { unpaired: unpaired ? unpaired.costUs : null, paired: c.pairedCost.median },
      };
    })
    .sort((a, b) => a.raw.paired - b.raw.paired || a.name.localeCompare(b.name));
  return {
    caption: `The cost per call over ${inSentence(styleName(BASELINE))}, ${MODES[mode]}, n = ${n}, ${runtime}, warm, measured two ways: ` +
      'unpaired (the style’s warm median and callbacks’ from separate processes, a bootstrap interval) and paired (the style and ' +
      'callbacks alternating in one process, each in its own vm context, one figure per process; a distribution-free interval over ' +
      'processes). “Same figure”: the two intervals overlap. “Interval”: the paired half-width against the unpaired one, as a factor ' +
      '(below 1× is narrower). Processes: those whose two series had a common steady stretch, of those run.',
    columns: [
      { key: 'name', title: 'Variant' },
      { key: 'unpaired', title: 'Unpaired per call', unit: 'µs', num: true },
      { key: 'unpairedCi', title: '95 % interval', unit: 'µs', num: true },
      { key: 'paired', title: 'Paired per call', unit: 'µs', num: true },
      { key: 'pairedCi', title: '95 % interval', unit: 'µs', num: true },
      { key: 'ratio', title: 'Paired ratio', num: true },
      { key: 'ratioCi', title: '95 % interval', num: true },
      { key: 'same', title: 'Same figure' },
      { key: 'width', title: 'Interval' },
      { key: 'processes', title: 'Processes', num: true },
    ],
    rows,
    empty: `No paired figures for ${runtime} at n = ${n} (${MODES[mode]}) yet: run npm run bench -- --runtimes ${profileName(runtime)} ` +
      `--scenario upload-paired --mode ${mode} --n ${n} --reps 16 --out data/${perfFile(args.runtime)}.json.`,
    ...perfProvenance(hit, paired),
  };
}

module.exports = { tables: { pairedCost: pairedCostTable } };
