import { fetchWidgetProducts } from '../api/widget-products';
import { readWidgetOptions } from '../model/widget-options';
import { renderProducts, renderState, widgetRoot } from './render-widget';

/** Marks an element the widget took, so a second loader on the same page does not render it again. */
const TAKEN = 'rendimeWidget';

/**
 * Renders every `[data-rendime-owner]` element of the page, each on its own (one owner's failure
 * leaves the others standing). Resolves when all have settled; never rejects, and logs nothing:
 * a host page's console is not ours to fill.
 */
export async function mountOwnerWidgets(doc: Document, platformOrigin: string, version: string, fetchImpl: typeof fetch = fetch): Promise<void> {
  const hosts = Array.from(doc.querySelectorAll<HTMLElement>('[data-rendime-owner]')).filter((h) => !h.dataset[TAKEN]);
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
