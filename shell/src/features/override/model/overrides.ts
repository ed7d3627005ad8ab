import type { ReleaseManifest } from 'shared-kernel/platform';

/**
 * Per-browser remote overrides (issue 14, ADR 0021): one browser loads one remote from a
 * developer's server while every other browser keeps the published release. The override lives
 * in this browser's localStorage only; the shared release manifest is never touched.
 */
export const OVERRIDE_STORAGE_KEY = 'rendime:overrides';
/** `/?rendime-override=mf-x=<entry URL>` stores an override; `mf-x=` (empty) or `clear` removes it. */
export const OVERRIDE_QUERY_PARAM = 'rendime-override';
/** The version the manifest entry of an overridden remote carries (load reports, the badge). */
export const OVERRIDE_VERSION = 'local';

/** What the page's runtime config allows; `enabled: false` (the default) ignores every override. */
export interface OverrideConfig {
  enabled: boolean;
  /** origins allowed besides loopback (runtime config `overrides.origins`, env RENDIME_OVERRIDE_ORIGINS) */
  origins: readonly string[];
}

export type Overrides = Readonly<Record<string, string>>;

const REMOTE_NAME = /^mf-[a-z]+$/;
// [::1] is left out on purpose: a CSP host-source cannot name an IPv6 literal, so the page could
// never load from it anyway.
const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/** Reads `overrides` from the page's runtime config (the rendime-config tag the shell's server writes). */
export function readOverrideConfig(doc: Document = document): OverrideConfig {
  const off: OverrideConfig = { enabled: false, origins: [] };
  const text = doc.getElementById('rendime-config')?.textContent;
  if (!text) return off;
  try {
    const raw = (JSON.parse(text) as { overrides?: unknown }).overrides;
    if (typeof raw !== 'object' || raw === null) return off;
    const { enabled, origins } = raw as { enabled?: unknown; origins?: unknown };
    return {
      enabled: enabled === true,
      origins: Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [],
    };
  } catch {
    return off;
  }
}

/** An entry URL may be used only when overrides are on and it is http(s) on loopback or a listed origin. */
export function isAllowedEntry(entry: string, config: OverrideConfig): boolean {
  if (!config.enabled) return false;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return LOOPBACK.has(url.hostname) || config.origins.includes(url.origin);
}

function sanitize(raw: unknown, config: OverrideConfig): Record<string, string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    if (REMOTE_NAME.test(name) && typeof entry === 'string' && isAllowedEntry(entry, config)) out[name] = entry;
  }
  return out;
}

/** The overrides stored in this browser that the config allows; anything else is ignored. */
export function readStoredOverrides(storage: Storage, config: OverrideConfig): Overrides {
  if (!config.enabled) return {};
  try {
    return sanitize(JSON.parse(storage.getItem(OVERRIDE_STORAGE_KEY) ?? '{}'), config);
  } catch {
    return {};
  }
}

function store(storage: Storage, overrides: Overrides): void {
  if (Object.keys(overrides).length === 0) storage.removeItem(OVERRIDE_STORAGE_KEY);
  else storage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(overrides));
}

/**
 * Takes `?rendime-override=...` from the address: allowed values are stored (or cleared) in this
 * browser, and the parameter always leaves the address bar, so it is not shared by copying the URL.
 * Returns whether the address had one.
 */
export function captureOverrideFromUrl(win: Pick<Window, 'location' | 'history' | 'localStorage'>, config: OverrideConfig): boolean {
  const url = new URL(win.location.href);
  const values = url.searchParams.getAll(OVERRIDE_QUERY_PARAM);
  if (values.length === 0) return false;
  if (config.enabled) {
    const next: Record<string, string> = { ...readStoredOverrides(win.localStorage, config) };
    for (const value of values) {
      if (value === 'clear') {
        for (const key of Object.keys(next)) delete next[key];
        continue;
      }
      const at = value.indexOf('=');
      const name = at > 0 ? value.slice(0, at) : '';
      const entry = at > 0 ? value.slice(at + 1) : '';
      if (!REMOTE_NAME.test(name)) continue;
      if (entry === '') delete next[name];
      else if (isAllowedEntry(entry, config)) next[name] = entry;
      else console.warn(`[rendime override] ${entry} is not an allowed origin; ${name} stays as published`);
    }
    store(win.localStorage, next);
  }
  url.searchParams.delete(OVERRIDE_QUERY_PARAM);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  return true;
}

/**
 * The manifest this browser uses: overridden remotes load from their override entry, as version
 * 'local' and without fallbacks (a broken local build should show, not be hidden behind the
 * published one). Remotes the manifest does not list are not added.
 */
export function applyOverrides(manifest: ReleaseManifest, overrides: Overrides): ReleaseManifest {
  if (Object.keys(overrides).length === 0) return manifest;
  return {
    ...manifest,
    remotes: manifest.remotes.map((remote) => {
      const entry = overrides[remote.name];
      return entry ? { ...remote, entry, version: OVERRIDE_VERSION, fallbacks: [] } : remote;
    }),
  };
}

/** Removes every override of this browser (the badge's button). */
export function clearOverrides(storage: Storage): void {
  storage.removeItem(OVERRIDE_STORAGE_KEY);
}
