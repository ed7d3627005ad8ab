import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { ReleaseRemote } from 'shared-kernel/platform';

/** Registers every live remote with the Module Federation runtime; nothing is fetched yet. */
export function registerReleaseRemotes(remotes: readonly ReleaseRemote[]): void {
  registerRemotes(remotes.map((r) => ({ name: r.scope, entry: r.entry, alias: r.name })));
}

/**
 * Loads an exposed module of a remote. After a failure the remote is registered again with
 * `force`, which drops the runtime's cached (failed) entry so a retry really fetches again.
 */
export async function loadExposed<T>(remote: ReleaseRemote, expose: string, attempt: number): Promise<T> {
  if (attempt > 0) {
    registerRemotes([{ name: remote.scope, entry: withRetryParam(remote.entry, attempt), alias: remote.name }], { force: true });
  }
  const mod = await loadRemote<T>(`${remote.scope}/${expose.replace(/^\.\//, '')}`);
  if (!mod) throw new Error(`${remote.name}: ${expose} is empty`);
  return mod;
}

function withRetryParam(entry: string, attempt: number): string {
  const url = new URL(entry);
  url.searchParams.set('retry', String(attempt));
  return url.toString();
}
