import { isApiError } from 'shared-kernel/api';
import { ProductPage } from '../features/product/components/product-page';
import { productDetailsQueryOptions } from '../features/product/api/get-product-details';
import { feedbackQueryOptions } from '../features/product/api/get-feedback';
import { commentsQueryOptions } from '../features/product/api/get-comments';
import { slice } from '../slice.config';
import { productHead } from './product-head';
import { dehydrated, headHtml, renderTree, serverQueryClient, type RenderRequest, type RenderResult } from './server-context';

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
    if (isApiError(detailsState.error) && detailsState.error.status === 404) return { status: 404, html: '', head: '', state: null };
    // The API failed: the browser tries again itself (and shows its own error if it must).
    throw detailsState.error;
  }
  const product = client.getQueryData(details.queryKey);
  if (!product) throw new Error(`no product ${id}`);
  // Removed from rent: crawlers are told it is gone; the browser shows the deleted view as before.
  if (product.deleted || product.inactiveReason !== null) return { status: 410, html: '', head: '', state: null };
  const html = renderTree(client, req.pathname + req.search, slice.routes.productDetail, <ProductPage />);
  return { status: 200, html, head: headHtml(productHead(product, req.origin, req.pathname)), state: dehydrated(client) };
}
