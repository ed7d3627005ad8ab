/**
 * The owner widget's loader (ADR 0025), served by the platform at /widget/loader.js and included
 * by owners' websites. It stays tiny and knows no version: it reads the live release manifest of
 * its own origin and loads the owner-widget embed of whichever mf-public version is live, so a
 * published widget reaches every host page on its next load with no change to the snippet.
 *
 * Plain DOM and fetch only, and silent: a host page's console is not ours, and a broken platform
 * must leave the owner's page exactly as it was (the widget elements stay empty).
 */

/** The kernel's OWNER_WIDGET_EMBED (shared-kernel/schemas builds zod schemas on load; a test compares). */
export const OWNER_WIDGET_EMBED = 'owner-widget';
/** Set on window once a loader started: several snippets on one page load the widget once. */
export const LOADER_STARTED = '__rendimeOwnerWidgetLoader';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The URL of the live owner-widget bundle: `<folder of the entry>/<embed file>` of the remote whose
 * `embeds` name it. Null when no remote declares it or the entry is not an http(s) URL.
 */
export function widgetScriptUrl(manifest: unknown): string | null {
  if (!isObject(manifest) || !Array.isArray(manifest.remotes)) return null;
  for (const remote of manifest.remotes) {
    if (!isObject(remote) || !isObject(remote.embeds) || typeof remote.entry !== 'string') continue;
    const file = remote.embeds[OWNER_WIDGET_EMBED];
    // The kernel's RemoteDescriptor allows a plain file name only: nothing that climbs out of the version folder.
    if (typeof file !== 'string' || !/^[\w.-]+\.js$/.test(file) || file.startsWith('.')) continue;
    try {
      const entry = new URL(remote.entry);
      if (entry.protocol !== 'https:' && entry.protocol !== 'http:') continue;
      // The `+` of a registry version stays literal in the path (the remotes' servers look folders up as written).
      return new URL(file, entry).toString();
    } catch {
      continue;
    }
  }
  return null;
}

export type LoadOutcome = 'loaded' | 'no-widget' | 'failed' | 'already';

/**
 * Fetches `<origin>/release-manifest.json` and adds the widget's script tag, naming the platform's
 * origin in `data-platform` (the widget is served from mf-public's origin, the API from this one).
 * Resolves with what happened; never rejects.
 */
export async function loadOwnerWidget(doc: Document, loaderSrc: string, fetchImpl: typeof fetch = fetch): Promise<LoadOutcome> {
  const win = doc.defaultView as (Window & { [LOADER_STARTED]?: boolean }) | null;
  if (win?.[LOADER_STARTED]) return 'already';
  if (win) win[LOADER_STARTED] = true;
  try {
    const origin = new URL(loaderSrc).origin;
    const res = await fetchImpl(`${origin}/release-manifest.json`, { credentials: 'omit', cache: 'no-store' });
    if (!res.ok) return 'failed';
    const src = widgetScriptUrl(await res.json());
    if (!src) return 'no-widget';
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    script.dataset.platform = origin;
    (doc.head ?? doc.documentElement).append(script);
    return 'loaded';
  } catch {
    return 'failed';
  }
}
