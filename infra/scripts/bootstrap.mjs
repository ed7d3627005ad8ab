#!/usr/bin/env node
// Entry of the README's two commands. On a machine with only Node 20 and npm it installs pnpm and
// the workspace, then hands over: `start` runs the platform, `test` runs every test.
import { execSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const PNPM_VERSION = '12.21.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const command = process.argv[2];

function pnpmVersion() {
  try {
    return execSync('pnpm --version', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** @param {string} cmd @param {string[]} args @param {Record<string, string>} [extraEnv] */
function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (!['start', 'test'].includes(command)) {
  console.error('usage: node infra/scripts/bootstrap.mjs start|test');
  process.exit(2);
}

if (pnpmVersion() !== PNPM_VERSION) {
  console.log(`[bootstrap] installing pnpm ${PNPM_VERSION} (corepack does not work here)`);
  run('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`, '--allow-scripts=pnpm']);
}
console.log('[bootstrap] installing the workspace');
run('pnpm', ['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]);

const script = command === 'start' ? 'infra/scripts/platform.mjs' : 'infra/scripts/test-all.mjs';
run(process.execPath, [script, ...process.argv.slice(3)]);
