// A shell replica's view of the shared registry (ADR 0035). The shell's server reads the release
// manifest from a folder (servers.mjs: liveManifest, last-known-good, preloads); in production that
// folder is this replica's own cache, refreshed from the registry store every `intervalMs` (a publish
// is seen by every replica within about that), and each live remote's folder is a link into the
// static store. The first refresh happens before the server listens, so a restarted replica serves
// what the store says is live, never what its image or its disk held before.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { manifestPath } from './registry.mjs';

/**
 * @param {{ store: import('./registry-store.mjs').RegistryStore, cacheDir: string, staticRoot: string, intervalMs?: number, log?: (s: string) => void }} o
 */
export async function startManifestMirror({ store, cacheDir, staticRoot, intervalMs = 1_000, log = (s) => console.error(s) }) {
  fs.mkdirSync(cacheDir, { recursive: true });
  /** @type {string | null} */
  let current = null;
  const link = (/** @type {string} */ remote) => {
    const at = path.join(cacheDir, remote);
    if (fs.existsSync(at)) return;
    fs.mkdirSync(path.join(staticRoot, remote), { recursive: true });
    fs.symlinkSync(path.join(staticRoot, remote), at, 'dir');
  };
  const refresh = async () => {
    const manifest = await store.readManifest();
    const text = JSON.stringify(manifest, null, 2);
    if (text === current) return;
    for (const r of manifest.remotes ?? []) link(r.name);
    const tmp = `${manifestPath(cacheDir)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, manifestPath(cacheDir)); // atomic: a request never reads half a manifest
    current = text;
  };
  // Unreachable store at start: the cached manifest (and the shell's last-known-good) stays served.
  await refresh().catch((e) =>
    log(`[shell] registry store unreachable at start (${e instanceof Error ? e.message : e}); serving the cached release`),
  );
  let stopped = false;
  let failing = false;
  const timer = setInterval(() => {
    if (stopped) return;
    refresh().then(
      () => {
        if (failing) log('[shell] registry store reachable again');
        failing = false;
      },
      (e) => {
        if (!failing) log(`[shell] registry store unreachable (${e instanceof Error ? e.message : e}); serving the cached release`);
        failing = true;
      },
    );
  }, intervalMs);
  timer.unref();
  return {
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
