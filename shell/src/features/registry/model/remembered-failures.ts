/**
 * Versions that timed out or failed to load in this browser lately, by entry URL (an entry is one
 * immutable build, so a new release is never affected). While a version is remembered, a page
 * load starts at the next candidate: a hung remote with a fallback costs its timeout once, not on
 * every page load until someone acts (issue 27).
 */
export const REMEMBER_FAILURE_MS = 5 * 60_000;
const KEY = 'rendime.failed-remote-entries';
const MAX_ENTRIES = 50;

type Stored = Record<string, number>;

function read(storage: Storage | undefined, now: number): Stored {
  if (!storage) return {};
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > now),
    );
  } catch {
    return {};
  }
}

function localStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (privacy settings): nothing is remembered, every load tries the live version.
    return undefined;
  }
}

export function rememberFailure(entry: string, now = Date.now(), storage = localStore()): void {
  if (!storage) return;
  const stored = read(storage, now);
  stored[entry] = now + REMEMBER_FAILURE_MS;
  const newest = Object.entries(stored)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_ENTRIES);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Full or refused: the next load simply tries again.
  }
}

export function forgetFailure(entry: string, now = Date.now(), storage = localStore()): void {
  if (!storage) return;
  const stored = read(storage, now);
  if (!(entry in stored)) return;
  delete stored[entry];
  try {
    storage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // ignore
  }
}

export function recentlyFailed(entry: string, now = Date.now(), storage = localStore()): boolean {
  return entry in read(storage, now);
}
