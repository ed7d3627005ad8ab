import { format } from 'shared-kernel/messages';
import type { Category } from 'shared-kernel/schemas';
import { publicSiteTexts } from '../../../messages/public-site';
import { searchTexts } from '../../../messages/search';
import type { SearchFilters } from './search-filters';

/**
 * The search page's name in the tab and the server's <title>: after the search text, else the
 * (sub)category, else the page's own. One function, so the title does not change when the browser
 * takes over a server-painted page.
 */
export function searchPageName(filters: Pick<SearchFilters, 'search' | 'cat' | 'sub'>, categories: readonly Category[]): string {
  const category = categories.find((c) => c.id === (filters.sub ?? filters.cat));
  if (filters.search) return format(searchTexts.headTitleQuery, { query: filters.search });
  if (category) return format(searchTexts.headTitleCategory, { category: category.name });
  return publicSiteTexts.pageTitles.search;
}
