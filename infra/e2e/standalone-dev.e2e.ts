import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { freePort, waitFor } from './support/own-platform';
import { SLICES } from '../test/support/slices';

// Issue 27, acceptance 6: a slice's team runs its slice alone (`pnpm --filter <slice> dev`): the
// dev server's `/` opens the slice's first page, which renders with the mock session and HMR on,
// and every page path loads the slice's own scripts (a relative `main.js` once 404'd there).

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env: e2eEnv, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; repoRoot: string };

function firstRoute(slice: string): string {
  const descriptor = JSON.parse(fs.readFileSync(path.join(repoRoot, slice, 'remote.json'), 'utf8')) as { routes: string[] };
  return descriptor.routes.find((r) => !r.includes(':')) as string;
}

interface DevServer {
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves when the slice's script is served; rejects with the server's failure. */
  ready: Promise<void>;
}

// The five dev servers compile at the same time (about 20 s each one after another, mostly
// waiting on webpack's single-threaded work, so two cores take them two at a time); each test
// then waits only for its own.
const servers = new Map<string, DevServer>();

test.beforeAll(async () => {
  for (const slice of SLICES) {
    const port = await freePort();
    const child: ChildProcess = spawn('pnpm', ['--filter', slice, 'dev'], {
      cwd: repoRoot,
      // Its own process group, so the dev server under pnpm stops with it.
      detached: true,
      // Its output only matters when it fails: kept, and shown then.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RENDIME_DEV_PORT: String(port), API_PORT: e2eEnv.RENDIME_API_PORT, RENDIME_REFRESH: '1' },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ready = waitFor(`http://localhost:${port}/main.js`, 240_000, child);
    // Awaited by the slice's own test; a failure is reported there, not as an unhandled rejection.
    ready.catch(() => undefined);
    servers.set(slice, { port, child, output: () => output, ready });
  }
});

/** Stops a dev server's process group (pnpm and webpack under it); one already gone is fine. */
function stop(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already stopped
  }
}

test.afterAll(() => {
  for (const { child } of servers.values()) stop(child);
});

for (const slice of SLICES) {
  test(`pnpm --filter ${slice} dev renders the slice's first page`, async ({ page }) => {
    test.setTimeout(240_000);
    const server = servers.get(slice)!;
    const { port } = server;
    try {
      await server.ready;
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      const missing: string[] = [];
      page.on('response', (res) => {
        if (res.url().startsWith(`http://localhost:${port}/`) && res.status() === 404) missing.push(res.url());
      });
      await page.goto(`http://localhost:${port}/`);
      await expect(page).toHaveURL(`http://localhost:${port}${firstRoute(slice)}`);
      const root = page.locator('#root');
      await expect(root).not.toBeEmpty();
      await expect(root.getByRole('heading').first()).toBeVisible();
      // HMR is on: the dev client's socket to its own dev server is open.
      await expect.poll(() => sockets).toContain(`ws://localhost:${port}/ws`);
      expect(missing).toEqual([]);
      expect(errors).toEqual([]);
    } catch (error) {
      await test.info().attach('dev server output', { body: server.output().slice(-20_000), contentType: 'text/plain' });
      throw error;
    } finally {
      stop(server.child);
    }
  });
}
