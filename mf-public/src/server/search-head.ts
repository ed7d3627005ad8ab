import { format, messages } from 'shared-kernel/messages';
import type { Category, SearchResultItem } from 'shared-kernel/schemas';
import { searchTexts } from '../messages/search';
import { paramsFromFilters, type SearchFilters } from '../features/search/model/search-filters';
import { searchPageName } from '../features/search/model/search-title';
import { absolute, DESCRIPTION_MAX, pageHead, shorten, type HeadTag } from './page-head';

/** Result names the description quotes. */
const NAMED = 3;

/**
 * The search page's head: a title after the search text or category, a description with the
 * count and the first results' names, a canonical URL of the filters as the page itself writes
 * them (junk parameters dropped), Open Graph tags, and a preload of the first result's image.
 * A search with no results is not for indexing.
 */
export function searchHead(
  filters: SearchFilters,
  results: { items: SearchResultItem[]; total: number },
  categories: Category[],
  origin: string,
  pathname: string,
): HeadTag[] {
  const t = searchTexts;
  const title = format(messages.shell.pageTitle, { page: searchPageName(filters, categories) });
  const names = results.items.slice(0, NAMED).map((i) => i.title);
  const description = shorten(
    results.total > 0 ? format(t.headDescription, { count: results.total, names: names.join(', ') }) : t.headDescriptionEmpty,
    DESCRIPTION_MAX,
  );
  const query = paramsFromFilters(filters).toString();
  const url = absolute(origin, query ? `${pathname}?${query}` : pathname);
  const tags: HeadTag[] = pageHead({ title, name: title, description, url, type: 'website', card: 'summary' });
  if (results.items.length === 0) tags.push({ kind: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  const first = results.items[0]?.imageUrl;
  // The first card's image is the page's LCP element: fetched from the HTML, before any script.
  if (first) tags.push({ kind: 'link', attrs: { rel: 'preload', as: 'image', href: first, fetchpriority: 'high' } });
  return tags;
}
