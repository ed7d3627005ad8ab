// The e2e platform runs on its own ports and folders so it never collides with a developer's
// running platform (3000...).
const path = require('node:path');
const os = require('node:os');

const runDir = path.join(os.tmpdir(), 'rendime-e2e');
const env = {
  RENDIME_SHELL_PORT: '4000',
  RENDIME_API_PORT: '4100',
  RENDIME_REGISTRY_DIR: path.join(runDir, 'registry'),
  RENDIME_API_DATA_DIR: path.join(runDir, 'api-data'),
  RENDIME_CONTROL: '1',
};
module.exports = { env, runDir, baseUrl: 'http://localhost:4000', repoRoot: path.resolve(__dirname, '../../..') };
