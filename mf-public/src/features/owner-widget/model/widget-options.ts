import type { OwnerWidgetLayout } from 'shared-kernel/schemas';
import { OWNER_WIDGET_DEFAULT_ITEMS, OWNER_WIDGET_MAX_ITEMS } from './contract';

/** What one `[data-rendime-owner]` element asks for. */
export interface WidgetOptions {
  ownerId: number;
  layout: OwnerWidgetLayout;
  limit: number;
  category?: number;
}

const positiveInt = (raw: string | undefined): number | undefined => {
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n > 0 ? n : undefined;
};

/**
 * Reads the snippet's data attributes. The owner's own HTML is not ours to trust: a missing or
 * malformed owner id means nothing to render (null), other bad values fall back to the defaults.
 */
export function readWidgetOptions(el: HTMLElement): WidgetOptions | null {
  const ownerId = positiveInt(el.dataset.rendimeOwner);
  if (ownerId === undefined) return null;
  const limit = Math.min(positiveInt(el.dataset.limit) ?? OWNER_WIDGET_DEFAULT_ITEMS, OWNER_WIDGET_MAX_ITEMS);
  const category = positiveInt(el.dataset.category);
  return { ownerId, layout: el.dataset.layout === 'list' ? 'list' : 'grid', limit, ...(category !== undefined ? { category } : {}) };
}
