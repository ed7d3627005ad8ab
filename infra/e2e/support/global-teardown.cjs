const fs = require('node:fs');
const path = require('node:path');
const { runDir } = require('./e2e-env.cjs');

module.exports = async () => {
  const pidFile = path.join(runDir, 'platform.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try {
    process.kill(-pid, 'SIGTERM'); // the whole group: runner, API child
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
};
