// Validates the analyzers' data files against their JSON Schemas (ajv 8).
'use strict';
const path = require('node:path');
const Ajv = require('ajv');

const SCHEMAS = path.join(__dirname, '..', '..', 'data', 'schema');

function validator(name) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // ISO date check without pulling in ajv-formats.
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  ajv.addSchema(require(path.join(SCHEMAS, 'complexity.schema.json')));
  if (name !== 'complexity') ajv.addSchema(require(path.join(SCHEMAS, `${name}.schema.json`)));
  const validate = ajv.getSchema(`https://asyncbench.example/schema/${name}@1.json`);
  return (data) => (validate(data) ? null : ajv.errorsText(validate.errors, { separator: '\n' }));
}

module.exports = { validator };
