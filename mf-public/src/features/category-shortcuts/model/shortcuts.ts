import { slice } from '../../../slice.config';

/**
 * Category shortcut routes of spec 2.1 and the search preset each one opens: a text search or
 * a category id.
 */
export const SHORTCUTS: Readonly<Record<string, { search?: string; cat?: number }>> = {
  [slice.routes.shortcutHeavyMachinery]: { cat: 55 },
  [slice.routes.shortcutTrailers]: { search: 'haagis' },
  [slice.routes.shortcutVehicles]: { search: 'auto' },
  [slice.routes.shortcutSaunas]: { search: 'saun' },
  [slice.routes.shortcutTools]: { cat: 4 },
  [slice.routes.shortcutTextileCleaners]: { cat: 3 },
};

export const SHORTCUT_PATHS = Object.keys(SHORTCUTS);

export function shortcutTarget(pathname: string): string {
  const preset = SHORTCUTS[pathname.replace(/\/+$/, '')];
  if (!preset) return '/public/search-products';
  const query = new URLSearchParams();
  if (preset.search) query.set('search', preset.search);
  if (preset.cat !== undefined) query.set('cat', String(preset.cat));
  return `/public/search-products?${query.toString()}`;
}
