const fs = require('node:fs');
const path = require('node:path');
const { runDir } = require('./e2e-env.cjs');

function alive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

module.exports = async () => {
  const pidFile = path.join(runDir, 'platform.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try {
    process.kill(-pid, 'SIGTERM'); // the whole group: runner, API child
  } catch {
    return; // already gone
  }
  // Wait until the group has left so the next run finds its ports free.
  const until = Date.now() + 10_000;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(-pid, 'SIGKILL');
};
