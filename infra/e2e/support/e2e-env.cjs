// The e2e platform runs on its own ports and folders so it never collides with a developer's
// running platform (3000...) or with another e2e run (set E2E_SHELL_PORT to move it).
const path = require('node:path');
const os = require('node:os');

const shellPort = Number(process.env.E2E_SHELL_PORT || 4000);
const runDir = path.join(os.tmpdir(), `rendime-e2e-${shellPort}`);
const env = {
  RENDIME_SHELL_PORT: String(shellPort),
  RENDIME_API_PORT: String(shellPort + 100),
  RENDIME_REGISTRY_DIR: path.join(runDir, 'registry'),
  RENDIME_API_DATA_DIR: path.join(runDir, 'api-data'),
  RENDIME_CONTROL: '1',
  // The money journey moves the API's clock past a rental's end (POST /api/sandbox/clock).
  TEST_CLOCK: 'true',
  // The calendar journey follows an outside calendar served on a local port (issue 32); the dev
  // runner and production refuse addresses on this machine.
  ALLOW_LOCAL_CALENDAR_FEEDS: 'true',
  // How long the shell waits for a slice before its fallback (ADR 0020; default 8000 ms). CI's two
  // shared cores have taken 6 s for a healthy first load; the journeys test pages, not the timeout
  // (containment.e2e.ts sets its own on its own shell servers).
  RENDIME_REMOTE_TIMEOUT_MS: process.env.RENDIME_REMOTE_TIMEOUT_MS || '20000',
  // Likewise the server render's budget (ADR 0041; default 300 ms): the journeys test the rendered
  // page, infra/test/server-render.test.ts the budget.
  RENDIME_SERVER_RENDER_BUDGET_MS: process.env.RENDIME_SERVER_RENDER_BUDGET_MS || '3000',
};
module.exports = { env, runDir, baseUrl: `http://localhost:${shellPort}`, repoRoot: path.resolve(__dirname, '../../..') };
