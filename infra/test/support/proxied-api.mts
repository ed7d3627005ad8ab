// The real API (fresh PGlite, sandboxes, demo data) behind the real shell server and its /api
// proxy, for the tests that must go through the proxy. Prints `READY <shell port> <routes JSON>`.
// Run with `node --import tsx`; the shell's ESM-only dependencies do not load under jest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp } from '../../api/src/testing/test-app';
import { startShellServer } from '../../scripts/lib/servers.mjs';

const routes: { method: string; url: string }[] = [];
const ctx = await createTestApp({
  demo: true,
  app: {
    config: { rateLimits: false },
    onRoute: (r) => void routes.push(...[r.method].flat().map((m) => ({ method: String(m), url: r.url }))),
  },
});
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (ctx.app.server.address() as { port: number }).port;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'proxied-api-'));
const dist = path.join(root, 'dist');
fs.mkdirSync(dist);
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Rendime</title></head><body></body></html>');
fs.writeFileSync(path.join(dist, 'main.js.map'), '{"version":3}');
const shell = await startShellServer({
  shellDist: dist,
  registryDir: path.join(root, 'registry'),
  port: 0,
  apiPort,
  runtimeConfig: { mapTileUrl: '' },
});
const port = (shell.server.address() as { port: number }).port;
console.log(`READY ${port} ${JSON.stringify(routes.filter((r) => r.method !== 'HEAD'))}`);
const stop = async () => {
  await shell.close();
  await ctx.close();
  fs.rmSync(root, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
