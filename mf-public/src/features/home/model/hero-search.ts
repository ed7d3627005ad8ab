import { z } from 'shared-kernel/zod';

/** The front page's search box: any text, the empty one too (it opens the search unfiltered). */
export const HeroSearchForm = z.object({ search: z.string() });

export function searchUrl(text: string): string {
  const q = text.trim();
  return q ? `/public/search-products?search=${encodeURIComponent(q)}` : '/public/search-products';
}
