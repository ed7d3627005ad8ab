// The import graph check (`pnpm run depcruise`, in npm test's lint step) over every package of the
// repo. The slices come from slices.json, the one slice list, so a new slice is covered as it is added.
import { spawnSync } from 'node:child_process';
import { REMOTES, repoRoot } from './lib/config.mjs';

const packages = ['shell', ...REMOTES, 'shared-kernel', 'infra'];
const run = spawnSync('depcruise', ['--config', '.dependency-cruiser.cjs', ...packages, ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (run.error) throw run.error;
process.exit(run.status ?? 1);
