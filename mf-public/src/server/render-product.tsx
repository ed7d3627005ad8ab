import { hashKey, type QueryClient } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { ProductPage } from '../features/product/components/product-page';
import { productDetailsQueryOptions } from '../features/product/api/get-product-details';
import { productStatus } from '../features/product/model/product-view';
import { feedbackQueryOptions } from '../features/product/api/get-feedback';
import { commentsQueryOptions } from '../features/product/api/get-comments';
import { slice } from '../slice.config';
import { productHead, unavailableProductHead } from './product-head';
import { headHtml, pageResult, serverQueryClient, type RenderRequest, type RenderResult } from './server-context';

/**
 * The product page's status without rendering it (the shell asks when it serves the page
 * client-rendered: renders paused or failing): one API call, no React. 404 for an id the API does
 * not know; throws when the API fails (the shell then keeps 200).
 */
export async function productPageStatus(id: number): Promise<number> {
  const client = serverQueryClient();
  try {
    // The page's own query (the request's abort signal reaches its call through withApi).
    return productStatus(await client.fetchQuery(productDetailsQueryOptions(id)));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return 404;
    throw error;
  } finally {
    client.clear();
  }
}

/** The product page for an anonymous visitor, from the same query options the page uses in the browser. */
export async function renderProduct(req: RenderRequest, id: number): Promise<RenderResult> {
  const client = serverQueryClient();
  const details = productDetailsQueryOptions(id);
  await Promise.all([
    client.prefetchQuery(details),
    client.prefetchQuery(feedbackQueryOptions(id)),
    client.prefetchQuery(commentsQueryOptions(id, null)),
  ]);
  const detailsState = client.getQueryState(details.queryKey);
  if (detailsState?.status === 'error') {
    if (isApiError(detailsState.error) && detailsState.error.status === 404) return unavailableProduct(req, client, 404, id);
    // The API failed: the browser tries again itself (and shows its own error if it must).
    throw detailsState.error;
  }
  const product = client.getQueryData(details.queryKey);
  if (!product) throw new Error(`no product ${id}`);
  // Removed from rent: crawlers are told it is gone, and everyone reads the deleted view.
  if (productStatus(product) !== 200) return unavailableProduct(req, client, 410, id);
  return pageResult(req, client, slice.routes.productDetail, <ProductPage />, headHtml(productHead(product, req.origin)));
}

/**
 * The product page of a product that is not for rent, with what the browser's page shows there: 404
 * "Toodet ei leitud." (an unknown id, or one the site does not spell; `client` then has the
 * details' 404), 410 the deleted view (the details say deleted or off rent). Only the details go
 * to the browser, which renders the same page from them without asking; the reviews and questions
 * asked beside them are dropped (the page shows neither).
 */
export function unavailableProduct(req: RenderRequest, client: QueryClient, status: 404 | 410, id: number | null = null): RenderResult {
  const details = id === null ? null : hashKey(productDetailsQueryOptions(id).queryKey);
  client.removeQueries({ predicate: (q) => q.queryHash !== details });
  return pageResult(req, client, slice.routes.productDetail, <ProductPage />, headHtml(unavailableProductHead(status)), status);
}
