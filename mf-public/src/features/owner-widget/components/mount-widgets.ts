import { fetchWidgetProducts } from '../api/widget-products';
import { readWidgetOptions } from '../model/widget-options';
import { renderProducts, renderState, widgetRoot } from './render-widget';

/** Marks an element the widget took, so a second loader on the same page does not render it again. */
const TAKEN = 'rendimeWidget';
const WIDGET_SELECTOR = '[data-rendime-owner]';

/**
 * Renders every `[data-rendime-owner]` element of the page, each on its own (one owner's failure
 * leaves the others standing). Resolves when all have settled; never rejects, and logs nothing:
 * a host page's console is not ours to fill.
 */
export async function mountOwnerWidgets(
  doc: Document,
  platformOrigin: string,
  version: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const hosts = Array.from(doc.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)).filter((h) => !h.dataset[TAKEN]);
  await Promise.all(
    hosts.map(async (host) => {
      host.dataset[TAKEN] = 'taken';
      const opts = readWidgetOptions(host);
      if (!opts) return;
      const { frame } = widgetRoot(host, version);
      frame.dataset.layout = opts.layout;
      renderState(frame, 'loading');
      try {
        renderProducts(frame, opts, await fetchWidgetProducts(platformOrigin, opts, fetchImpl));
      } catch {
        renderState(frame, 'error');
      }
    }),
  );
}

/**
 * A single-page host app may add its widget element after the page has loaded (a route it shows
 * later): render such elements too. Mounting skips the elements already taken, so the observer only
 * asks again when an added subtree holds a widget element; several additions in one task are one mount.
 */
export function watchForNewWidgets(doc: Document, mount: () => void): MutationObserver {
  let queued = false;
  const holdsWidget = (node: Node) =>
    node.nodeType === Node.ELEMENT_NODE &&
    ((node as Element).matches(WIDGET_SELECTOR) || (node as Element).querySelector(WIDGET_SELECTOR) !== null);
  const observer = new MutationObserver((records) => {
    if (queued || !records.some((r) => Array.from(r.addedNodes).some(holdsWidget))) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      mount();
    });
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return observer;
}
