/**
 * Category shortcut routes of spec 2.1 and the search preset each one opens: a text search or
 * a category id.
 */
export const SHORTCUTS: Readonly<Record<string, { search?: string; cat?: number }>> = {
  '/otsing/rasketehnika/rent': { cat: 55 },
  '/otsing/haagised/rent': { search: 'haagis' },
  '/otsing/soidukid/rent': { search: 'auto' },
  '/otsing/saunade/rent': { search: 'saun' },
  '/otsing/tooriistad/rent': { cat: 4 },
  '/otsing/tekstiilipesur/rent': { cat: 3 },
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
