#!/usr/bin/env node
// `npm start`: build every slice and the API in production mode, publish the remotes into the local registry,
// and run the platform. Flags: --no-build (reuse the last builds).
import { platformConfig } from './lib/config.mjs';
import { buildAll, publishAll, startPlatform } from './lib/platform.mjs';
import { printDemoUsers } from './lib/demo-users.mjs';

// The local platform is where testers point one browser at their dev server (ADR 0021);
// RENDIME_OVERRIDES=0 turns that off.
process.env.RENDIME_OVERRIDES ??= '1';
const cfg = platformConfig();
if (!process.argv.includes('--no-build')) buildAll();
publishAll(cfg);
const platform = await startPlatform(cfg, { dataDir: cfg.apiDataDir });

console.log(`
Rendime is running: ${cfg.shellOrigin}
  API            http://127.0.0.1:${cfg.apiPort} (through the shell at ${cfg.shellOrigin}/api)
  mail outbox    ${cfg.shellOrigin}/api/sandbox/outbox
${Object.entries(cfg.remotePorts)
  .map(([n, p]) => `  ${n.padEnd(14)} http://${cfg.host}:${p}`)
  .join('\n')}
  release        ${cfg.registryDir}/release-manifest.json
`);
await printDemoUsers();

const shutdown = async () => {
  await platform.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
