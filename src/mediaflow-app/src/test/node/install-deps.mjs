#!/usr/bin/env node
// Installs a Node.js project's dependencies with `npm ci`, but only when node_modules is missing or was installed
// from a different package-lock.json: `npm ci` always starts from scratch, which would cost every build ten seconds.
// Usage: node install-deps.mjs [project directory]; without one, the model checks next to this script.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url)));
const stamp = path.join(here, 'node_modules', '.installed-from-lock');
const lockHash = createHash('sha256').update(readFileSync(path.join(here, 'package-lock.json'))).digest('hex');

let installedHash;
try {
  installedHash = readFileSync(stamp, 'utf8').trim();
} catch {
  installedHash = undefined;
}
if (installedHash === lockHash) {
  console.log(`Dependencies in ${here} are installed from the current package-lock.json`);
} else {
  console.log(`Installing the dependencies in ${here}: npm ci`);
  // form-js brings @carbon packages whose @ibm/telemetry-js starts a background process at install time to send
  // usage data when it thinks it runs in CI; a build must neither phone out nor leave processes behind.
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: here, stdio: 'inherit', shell: process.platform === 'win32',
    env: { ...process.env, IBM_TELEMETRY_DISABLED: 'true' }
  });
  if (npm.error || npm.status !== 0) {
    console.error(`npm ci failed${npm.error ? `: ${npm.error.message}` : ` with exit code ${npm.status}`}`);
    process.exit(1);
  }
  writeFileSync(stamp, `${lockHash}\n`);
}
