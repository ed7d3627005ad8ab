import { SHORTCUT_PATHS, shortcutTarget } from '../features/category-shortcuts/model/shortcuts';
import { publicProductIndexQueryOptions } from '../features/product/api/get-public-product-index';
import { slice } from '../slice.config';
import { serverQueryClient, withApi, type ApiRequest } from './server-context';

/** A page for search engines: its path (with query) on the site, and when it last changed if known. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Most index pages read: 100 × 50 000 products is far beyond this marketplace, and bounds a loop on a bad answer. */
const MAX_INDEX_PAGES = 100;

/**
 * The public pages worth finding: the front page, search, the footer's pages and the category
 * shortcuts as the searches they open (the shortcut URLs only redirect in the browser). Sign-in,
 * registration, password and the deleted-product view are for visitors, not for search results.
 */
export const STATIC_SITEMAP_PATHS: readonly string[] = [
  slice.routes.home,
  slice.routes.search,
  ...SHORTCUT_PATHS.map(shortcutTarget),
  slice.routes.products,
  slice.routes.faq,
  slice.routes.contact,
  slice.routes.usage,
  slice.routes.privacy,
  slice.routes.aboutUs,
  slice.routes.blog,
  slice.routes.directory,
  slice.routes.insurance,
  slice.routes.ownerInfo,
  slice.routes.rentInfo,
];

/**
 * This slice's part of `/sitemap.xml` (the shell's server writes the XML, ADR 0041): its public
 * pages and every product a visitor can open, with the product's last change. Throws when the API
 * fails, so the shell keeps its last good sitemap rather than publish one without products.
 */
export function sitemap(req: ApiRequest): Promise<SitemapEntry[]> {
  return withApi(req, async () => {
    const client = serverQueryClient();
    const products: SitemapEntry[] = [];
    for (let page = 0; page < MAX_INDEX_PAGES; page++) {
      const { items, total } = await client.fetchQuery(publicProductIndexQueryOptions(page));
      for (const item of items)
        products.push({ path: slice.routes.productDetail.replace(':id', String(item.id)), lastmod: item.updatedTs });
      if (items.length === 0 || products.length >= total) break;
    }
    client.clear();
    return [...STATIC_SITEMAP_PATHS.map((path) => ({ path })), ...products];
  });
}
