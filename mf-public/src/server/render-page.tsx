/**
 * mf-public's server entry (ADR 0041): the routes this slice renders on the server for anonymous
 * visitors, exposed as `./server` of its Node container. The shell's server loads the live
 * version's container, asks `render` within its budget and puts the result into the shell's page;
 * anything else (a throw, a timeout, `null`) leaves the page client-rendered as before. `sitemap`
 * gives this slice's pages for `/sitemap.xml`, and `warm` renders samples with no API (the
 * shell's warm-up and the publish gate's smoke render).
 */
import type { SearchResultItem } from 'shared-kernel/schemas';
import { matchPath } from 'shared-kernel/router';
import { slice } from '../slice.config';
import { productPageStatus, renderProduct, unavailableProduct } from './render-product';
import { renderSearch } from './render-search';
import { SAMPLE_PRODUCT } from './sample-product';
import { serverQueryClient, withApi, type ApiRequest, type RenderRequest, type RenderResult } from './server-context';
import { productIdOf } from '../features/product/model/product-id';

export { headHtml, type RenderRequest, type RenderResult } from './server-context';
export { sitemap, type SitemapEntry } from './sitemap';

/** The patterns this entry renders; the shell's server asks `render` only for these. */
export const routes: readonly string[] = slice.serverRoutes ?? [];

/**
 * Renders a page of `routes` for an anonymous visitor, or returns null for a path it does not
 * render (the shell then serves the client-rendered page). Data come from the same query options
 * the page uses in the browser, so the browser's client finds them under the same keys.
 */
export async function render(req: RenderRequest): Promise<RenderResult | null> {
  const product = matchPath(slice.routes.productDetail, req.pathname);
  if (product) {
    const id = productIdOf(product.params.id);
    // Not an id as the site spells one (`abc`, `1e2`, `0001`): no such page, as for an unknown id,
    // with the page's own "not found" (it asks the API nothing for such an id either).
    if (id === null) return unavailableProduct(req, serverQueryClient(), 404);
    return withApi(req, () => renderProduct(req, id));
  }
  if (matchPath(slice.routes.search, req.pathname)) return withApi(req, () => renderSearch(req));
  return null;
}

/**
 * The HTTP status of a page of `routes` without rendering it, or null for a path this entry does
 * not render. The shell's server asks when it serves the page client-rendered (its renders paused
 * after failures, or the render failing), so a crawler still hears that a product is gone (410) or
 * never was (404). Throws when the API fails: the shell then answers 200, as for any page.
 */
export async function status(req: ApiRequest & { pathname: string }): Promise<number | null> {
  const product = matchPath(slice.routes.productDetail, req.pathname);
  if (product) {
    const id = productIdOf(product.params.id);
    if (id === null) return 404;
    return withApi(req, () => productPageStatus(id));
  }
  return matchPath(slice.routes.search, req.pathname) ? 200 : null;
}

/** The sample product as one search hit. */
const SAMPLE_HIT: SearchResultItem = {
  id: SAMPLE_PRODUCT.id,
  name: SAMPLE_PRODUCT.name,
  title: SAMPLE_PRODUCT.name,
  description: SAMPLE_PRODUCT.description,
  imageUrl: SAMPLE_PRODUCT.images[0]?.url ?? null,
  location: SAMPLE_PRODUCT.location,
  lat: SAMPLE_PRODUCT.lat,
  lon: SAMPLE_PRODUCT.lon,
  locationDescription: SAMPLE_PRODUCT.locationDescription,
  categoryId: SAMPLE_PRODUCT.categoryId,
  userId: SAMPLE_PRODUCT.userId,
  allowVat: SAMPLE_PRODUCT.allowVat,
  paidLater: false,
  priceDaily: SAMPLE_PRODUCT.priceDaily,
  displayPrice: 12,
  periodPrice: null,
  rating: null,
  distanceInKm: null,
  createdTs: SAMPLE_PRODUCT.createdTs,
  loadedCount: 1,
  loadedCountCapped: false,
};

/**
 * Renders the sample product and a search that finds it through the same paths, with an
 * in-memory API: the shell's server calls it once after loading this container (so the first
 * visitor's render is not the one that compiles the code), and the publish gate calls it to
 * smoke-render a build. Resolves to the product's render; throws if either page fails.
 */
export async function warm(): Promise<RenderResult | null> {
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path.endsWith('/details')) return answer(SAMPLE_PRODUCT);
    if (path.endsWith('/products/search')) return answer([SAMPLE_HIT]);
    return answer([]);
  }) as typeof globalThis.fetch;
  const base = { search: '', origin: 'http://localhost', apiBaseUrl: 'http://localhost/api', fetch };
  const [product, search] = await Promise.all([
    render({ ...base, pathname: `/public/detail-view/${SAMPLE_PRODUCT.id}` }),
    render({ ...base, pathname: slice.routes.search }),
  ]);
  if (search?.status !== 200 || !search.html.includes(SAMPLE_PRODUCT.name)) throw new Error('the sample search did not render its result');
  return product;
}
