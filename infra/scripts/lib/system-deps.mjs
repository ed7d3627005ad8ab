// What the test command needs from the machine and installs when missing: Debian's chromium for
// the real-browser tests, poppler's pdftotext for the API tests that read the contract PDF back,
// and a PostgreSQL server for the API tests' second database.
import fs from 'node:fs';
import net from 'node:net';
import { spawnSync } from 'node:child_process';

/** @param {string} cmd @param {{ allowFail?: boolean }} [o] */
function sh(cmd, { allowFail = false } = {}) {
  const res = spawnSync('bash', ['-lc', cmd], { stdio: 'inherit' });
  if (res.status !== 0 && !allowFail) throw new Error(`failed: ${cmd}`);
  return res.status === 0;
}

let aptUpdated = false;
/** @param {string[]} pkgs */
function aptInstall(pkgs) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  if (!aptUpdated) {
    sh(`${sudo}apt-get update -qq`);
    aptUpdated = true;
  }
  sh(`DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${pkgs.join(' ')}`);
}

export function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(bin)) return bin;
  console.log('[deps] installing chromium with apt-get');
  aptInstall(['chromium']);
  return bin;
}

export function ensurePdftotext() {
  const found = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((bin) => fs.existsSync(bin));
  if (found) return found;
  console.log('[deps] installing poppler-utils (pdftotext) with apt-get');
  aptInstall(['poppler-utils']);
  return '/usr/bin/pdftotext';
}

/** @param {number} port @param {string} [host] @returns {Promise<boolean>} */
function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(2000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Returns a DATABASE_URL for a PostgreSQL server on loopback, installing and starting one if needed. */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const url = 'postgres://postgres@127.0.0.1:5432/test';
  if (await canConnect(5432)) return url;
  if (!fs.existsSync('/usr/bin/pg_ctlcluster')) {
    console.log('[deps] installing PostgreSQL with apt-get');
    aptInstall(['postgresql', 'postgresql-contrib']);
  }
  const versions = fs.readdirSync('/etc/postgresql');
  const v = versions.sort().at(-1);
  const hba = `/etc/postgresql/${v}/main/pg_hba.conf`;
  // Loopback only, trust: the same set-up as CI and the development machines.
  const conf = fs.readFileSync(hba, 'utf8');
  if (!conf.includes('# rendime-test')) {
    fs.writeFileSync(hba, `# rendime-test\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\nlocal all all trust\n${conf}`);
  }
  sh(`pg_ctlcluster --skip-systemctl-redirect ${v} main start`, { allowFail: true });
  sh(`pg_ctlcluster --skip-systemctl-redirect ${v} main reload`, { allowFail: true });
  for (let i = 0; i < 40 && !(await canConnect(5432)); i++) await new Promise((r) => setTimeout(r, 250));
  sh(
    `psql -h 127.0.0.1 -U postgres -tc "SELECT 1 FROM pg_database WHERE datname='test'" | grep -q 1 || psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE test"`,
  );
  return url;
}
