// Starts the platform exactly as `npm start` does (production builds, remotes on their own
// origins), with --no-build because the test command built everything just before.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { env, runDir, baseUrl, repoRoot } = require('./e2e-env.cjs');

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

module.exports = async () => {
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const log = fs.openSync(path.join(runDir, 'platform.log'), 'w');
  const child = spawn(process.execPath, ['infra/scripts/platform.mjs', '--no-build'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.writeFileSync(path.join(runDir, 'platform.pid'), String(child.pid));
  try {
    await waitFor(`${baseUrl}/release-manifest.json`, 180000);
    await waitFor(`${baseUrl}/api/health`, 60000);
  } catch (e) {
    process.stderr.write(fs.readFileSync(path.join(runDir, 'platform.log'), 'utf8'));
    throw e;
  }
};
