/**
 * mf-public's server entry (ADR 0041): the routes this slice renders on the server for anonymous
 * visitors, exposed as `./server` of its Node container. The shell's server loads the live
 * version's container, asks `render` within its budget and puts the result into the shell's page;
 * anything else (a throw, a timeout, `null`) leaves the page client-rendered as before.
 */
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
// The server container bundles its own router (it shares nothing, ADR 0041); the kernel's subpath
// stays the browser's singleton without a server-only export in every page's bytes.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router';
import { configureApi, isApiError } from 'shared-kernel/api';
import { createPlatformQueryClient } from 'shared-kernel/platform';
import { Route, Routes, matchPath } from 'shared-kernel/router';
import { PlatformProvider } from 'shared-kernel/ui';
import { ProductPage } from '../features/product/components/product-page';
import { productDetailsQueryOptions } from '../features/product/api/get-product-details';
import { feedbackQueryOptions } from '../features/product/api/get-feedback';
import { commentsQueryOptions } from '../features/product/api/get-comments';
import { slice } from '../slice.config';
import { productHead, type HeadTag } from './product-head';
import { SAMPLE_PRODUCT } from './sample-product';

/** The patterns this entry renders; the shell's server asks `render` only for these. */
export const routes: readonly string[] = [slice.routes.productDetail];

export interface RenderRequest {
  /** the page path, e.g. /public/detail-view/27 */
  pathname: string;
  /** the query string with its `?`, or '' */
  search: string;
  /** the site's public origin (canonical and og:url), e.g. https://rendime.ee */
  origin: string;
  /** where the API answers this server (the shell's upstream, not the browser's `/api`) */
  apiBaseUrl: string;
  /** the fetch to reach it with; the shell's server passes its own */
  fetch: typeof fetch;
  /** aborted when the shell's budget runs out */
  signal?: AbortSignal;
}

export interface RenderResult {
  /** HTTP status for the page: 200, or 404/410 for a product that is not (or no longer) for rent */
  status: number;
  /** the slice's markup for the outlet; empty when `status` is not 200 (the browser renders those) */
  html: string;
  /** tags for the document's head, already escaped */
  head: string;
  /** the TanStack Query cache the markup was rendered from, for the browser's client */
  state: DehydratedState | null;
}

const escapeHtml = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Head tags as HTML: attribute values and text escaped, JSON-LD with `<` written as \u003c so it cannot close its script. */
export function headHtml(tags: readonly HeadTag[]): string {
  return tags
    .map((t) => {
      if (t.kind === 'title') return `<title>${escapeHtml(t.text)}</title>`;
      if (t.kind === 'json-ld') return `<script type="application/ld+json">${JSON.stringify(t.data).replace(/</g, '\\u003c')}</script>`;
      const attrs = Object.entries(t.attrs)
        .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
        .join(' ');
      return `<${t.kind} ${attrs}>`;
    })
    .join('');
}

/**
 * The kernel's API client is one per bundle, and renders run concurrently: it is configured once
 * with a placeholder base, and each call goes to the API, with the fetch and the abort signal, of
 * the request it was made for (AsyncLocalStorage follows the render's async calls).
 */
const requests = new AsyncLocalStorage<RenderRequest>();
const PLACEHOLDER_BASE = 'http://api.rendime.invalid';
configureApi({
  baseUrl: PLACEHOLDER_BASE,
  fetch: (input, init) => {
    const req = requests.getStore();
    if (!req) return Promise.reject(new Error('an API call outside a server render'));
    const url = String(input instanceof Request ? input.url : input);
    const target = url.startsWith(PLACEHOLDER_BASE) ? req.apiBaseUrl.replace(/\/+$/, '') + url.slice(PLACEHOLDER_BASE.length) : url;
    const signal = req.signal && init?.signal ? AbortSignal.any([req.signal, init.signal]) : (req.signal ?? init?.signal);
    return req.fetch(target, { ...init, signal });
  },
});

/** The page's markup inside the same providers and router as in the browser, from the given cache. */
function renderTree(client: QueryClient, location: string): string {
  return renderToString(
    <div data-remote={__APP_NAME__} data-version={__APP_VERSION__}>
      <PlatformProvider queryClient={client}>
        <StaticRouter location={location}>
          <Routes>
            <Route path={slice.routes.productDetail} element={<ProductPage />} />
          </Routes>
        </StaticRouter>
      </PlatformProvider>
    </div>,
  );
}

/**
 * Renders a page of `routes` for an anonymous visitor, or returns null for a path it does not
 * render (the shell then serves the client-rendered page). Data come from the same query options
 * the page uses in the browser, so the browser's client finds them under the same keys.
 */
export async function render(req: RenderRequest): Promise<RenderResult | null> {
  const match = matchPath(slice.routes.productDetail, req.pathname);
  const id = Number(match?.params.id);
  if (!match || !Number.isInteger(id) || id <= 0) return null;
  return requests.run(req, () => renderProduct(req, id));
}

async function renderProduct(req: RenderRequest, id: number): Promise<RenderResult> {
  const client = createPlatformQueryClient();
  // The server asks once: a retry would only spend the budget.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
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
  const html = renderTree(client, req.pathname + req.search);
  // Failed side queries are not sent: the browser asks for them itself.
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  client.clear();
  return { status: 200, html, head: headHtml(productHead(product, req.origin, req.pathname)), state };
}

/**
 * Renders the sample product through the same path, with an in-memory API: the shell's server
 * calls it once after loading this container (so the first visitor's render is not the one that
 * compiles the code), and it is what a smoke render of a build can call. Resolves to the render.
 */
export function warm(): Promise<RenderResult | null> {
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: RequestInfo | URL) =>
    String(input).endsWith('/details') ? answer(SAMPLE_PRODUCT) : answer([])) as typeof globalThis.fetch;
  return render({
    pathname: `/public/detail-view/${SAMPLE_PRODUCT.id}`,
    search: '',
    origin: 'http://localhost',
    apiBaseUrl: 'http://localhost/api',
    fetch,
  });
}
