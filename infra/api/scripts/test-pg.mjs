#!/usr/bin/env node
// Runs the API test suite on PostgreSQL: the server in DATABASE_URL, else the one on
// 127.0.0.1:5432 (CI and dev machines), else one installed with apt-get and started on loopback.
// Each test file creates and drops its own database (t_<random>) on that server.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

function portOpen(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return res.status ?? 1;
}

async function ensureLocalPostgres() {
  if (await portOpen('127.0.0.1', 5432)) return;
  console.log('[test-pg] no PostgreSQL on 127.0.0.1:5432; installing it with apt-get');
  const sudo = process.getuid && process.getuid() === 0 ? [] : ['sudo'];
  const sh = (script) => run(sudo[0] ?? 'sh', sudo.length ? ['sh', '-c', script] : ['-c', script]);
  if (sh('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-contrib') !== 0) {
    throw new Error('apt-get install postgresql failed');
  }
  // Debian's cluster listens on localhost; trust auth on loopback matches the CI setup.
  sh(
    [
      'v=$(ls /etc/postgresql | sort -V | tail -1)',
      'conf=/etc/postgresql/$v/main',
      `sed -i -E 's/^(host\\s+all\\s+all\\s+127\\.0\\.0\\.1\\/32\\s+)\\S+/\\1trust/; s/^(local\\s+all\\s+postgres\\s+)\\S+/\\1trust/' $conf/pg_hba.conf`,
      'sed -i -E "s/^#?listen_addresses.*/listen_addresses = \'127.0.0.1\'/" $conf/postgresql.conf',
      '(pg_ctlcluster $v main restart || pg_ctlcluster $v main start)',
    ].join(' && '),
  );
  for (let i = 0; i < 30 && !(await portOpen('127.0.0.1', 5432)); i++) await new Promise((r) => setTimeout(r, 500));
  run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-c', 'CREATE DATABASE test'], { stdio: 'ignore' });
}

const url = process.env.DATABASE_URL ?? DEFAULT_URL;
if (!process.env.DATABASE_URL) await ensureLocalPostgres();
console.log(`[test-pg] running the API suite on ${url.replace(/:[^:@/]+@/, ':***@')}`);
const jest = path.join(apiDir, 'node_modules', 'jest', 'bin', 'jest.js');
const status = run(
  process.execPath,
  ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', jest, '--maxWorkers=2', ...process.argv.slice(2)],
  {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: url },
  },
);
process.exit(status);
