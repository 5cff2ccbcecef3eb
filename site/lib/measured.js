'use strict';
// What the chains, delegation and streamline-modes models share: reading
// their data file, which may not be measured yet, and checking a chart
// argument against its table of choices. One instance per data file:
//   const { measured, option } = scenarioData('chains');
const { DataCheckError } = require('./data-files');

function scenarioData(name) {
  // The checked file, or null while it does not exist yet (the page then says
  // "not measured yet").
  function measured(load) {
    try {
      return load(name);
    } catch (err) {
      if (err instanceof DataCheckError && err.onlyMissing(name)) return null;
      throw err;
    }
  }

  // table[value], or an error naming the argument and the choices.
  function option(value, table, what) {
    if (!table[value]) throw new Error(`charts: unknown ${what} "${value}" for ${name}; use one of ${Object.keys(table).join(', ')}.`);
    return table[value];
  }

  return { measured, option };
}

module.exports = { scenarioData };
