import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { ReleaseRemote } from 'shared-kernel/platform';

/** The entry URL each scope is registered with now (a fallback version's after a switch). */
const registered = new Map<string, string>();
/** The version entry (without retry parameter) behind each registration. */
const registeredBase = new Map<string, string>();

/** Registers every live remote with the Module Federation runtime; nothing is fetched yet. */
export function registerReleaseRemotes(remotes: readonly ReleaseRemote[]): void {
  registerRemotes(remotes.map((r) => ({ name: r.scope, entry: r.entry, alias: r.name })));
  for (const r of remotes) {
    registered.set(r.scope, r.entry);
    registeredBase.set(r.scope, r.entry);
  }
}

/**
 * Loads an exposed module of a remote, from `entry` (one of its versions; default: the one
 * registered now). After a failure (`attempt` > 0) or for another version the remote is
 * registered again with `force`, which drops the runtime's cached entry and container so the
 * load really fetches again.
 */
export async function loadExposed<T>(remote: ReleaseRemote, expose: string, attempt: number, entry?: string): Promise<T> {
  const base = entry ?? registeredBase.get(remote.scope) ?? remote.entry;
  const target = attempt > 0 ? withRetryParam(base, attempt) : base;
  if (attempt > 0 || registered.get(remote.scope) !== target) {
    if (registeredBase.get(remote.scope) !== base) forgetLoadedChunks(remote.scope);
    registerRemotes([{ name: remote.scope, entry: target, alias: remote.name }], { force: true });
    registered.set(remote.scope, target);
    registeredBase.set(remote.scope, base);
  }
  const mod = await loadRemote<T>(`${remote.scope}/${expose.replace(/^\.\//, '')}`);
  if (!mod) throw new Error(`${remote.name}: ${expose} is empty`);
  return mod;
}

/**
 * Every version of a remote shares one webpack chunk array (`webpackChunk<scope>`, uniqueName is
 * the scope). A newly started runtime adopts the chunks already in that array, so a previous good
 * version loaded after a broken one would run the broken one's modules. A fresh array keeps the
 * versions apart; the earlier runtime keeps its own reference.
 */
function forgetLoadedChunks(scope: string): void {
  const key = `webpackChunk${scope}`;
  const global = window as unknown as Record<string, unknown>;
  if (key in global) global[key] = undefined;
}

function withRetryParam(entry: string, attempt: number): string {
  const url = new URL(entry);
  url.searchParams.set('retry', String(attempt));
  return url.toString();
}
