// The environment stamp every analyzer data file carries, so a figure can be
// traced to the runtime, library versions and commit that produced it.
'use strict';
const os = require('node:os');
const path = require('node:path');
const { gitState } = require('./git-state');

const ROOT = path.join(__dirname, '..', '..');

// `packages`: names whose installed version matters to this file's figures.
function envStamp(generatedBy, packages = [], flags = []) {
  const versions = {};
  for (const name of packages) {
    try {
      versions[name] = require(`${name}/package.json`).version;
    } catch {
      versions[name] = null;
    }
  }
  const { commit, dirty } = gitState();
  const cpus = os.cpus();
  return {
    runtime: 'node',
    runtimeVersion: process.version,
    v8: process.versions.v8,
    flags,
    platform: process.platform,
    arch: process.arch,
    cpu: cpus.length ? cpus[0].model : null,
    cores: cpus.length,
    date: new Date().toISOString(),
    commit,
    // Code (not data/) changed but not committed when the data was made.
    dirty,
    versions,
    generatedBy,
  };
}

module.exports = { envStamp, ROOT };
