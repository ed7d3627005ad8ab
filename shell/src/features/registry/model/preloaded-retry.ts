/**
 * The shell's server preloads the route's slice (entry, first chunks) from the release manifest
 * (ADR 0024). A preload that failed (the remote was down when the page loaded) stays matched to
 * its URL for the document's life: chromium answers a later script of the same URL with the old
 * error, and removing the link does not help. A retry of such a slice therefore reloads the page
 * (a new document, new preloads) instead of loading again in place.
 */
export function wasPreloaded(entry: string, doc: Document = document): boolean {
  const base = entry.split('?')[0].replace(/[^/]*$/, '');
  return Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some(
    (l) => l.href.startsWith(base) && l.getAttribute('as') === 'script',
  );
}

/** The retry of a preloaded slice: a reload, and a promise that never settles (the page goes away). */
export function reloadForRetry(reload: () => void = () => window.location.reload()): Promise<never> {
  reload();
  return new Promise<never>(() => undefined);
}
