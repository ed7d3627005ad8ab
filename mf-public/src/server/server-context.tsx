/**
 * What every server render of this slice shares (ADR 0041): the request it runs for, the kernel's
 * API client pointed at that request's API, a query client that asks once, the page's providers
 * and router around the markup, and the head tags as HTML.
 */
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
// The server container bundles its own router (it shares nothing, ADR 0041); the kernel's subpath
// stays the browser's singleton without a server-only export in every page's bytes.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router';
import { configureApi, isApiError } from 'shared-kernel/api';
import { createPlatformQueryClient } from 'shared-kernel/platform';
import { Route, Routes } from 'shared-kernel/router';
import { PlatformProvider } from 'shared-kernel/ui';
import type { HeadTag } from './page-head';
import { isRefusal } from '../lib/api/refusal';

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
  /**
   * The shell streams the page: a 200's markup comes as `body` (React's streaming renderer),
   * started once the data are in, so the shell can send the document's head (status, title,
   * preview tags, the LCP image's preload) before the markup is rendered.
   */
  stream?: boolean;
  /**
   * The page the markup goes into already has the platform's global CSS (the shell's index.html
   * since ADR 0055): the markup then carries no copy of it (37 KB). A shell that does not say so
   * gets the copy, as before.
   */
  pageGlobals?: boolean;
}

export interface RenderResult {
  /** HTTP status for the page: 200, or 404/410 for a product that is not (or no longer) for rent */
  status: number;
  /**
   * the slice's markup for the outlet (a 404 or 410 page's too: what the browser shows there);
   * empty when only the status is known
   */
  html: string;
  /** tags for the document's head, already escaped */
  head: string;
  /** the TanStack Query cache the markup was rendered from, for the browser's client */
  state: DehydratedState | null;
  /**
   * With `stream`: the markup as it is rendered (`html` is then empty). It starts flowing once the
   * whole page is rendered (React's onAllReady), so a render that fails ends it with an error before
   * any of its markup; destroying it (the shell's budget) aborts the render.
   */
  body?: Readable;
}

/** What the API is asked with outside a page render (the sitemap): no page, the same API. */
export type ApiRequest = Pick<RenderRequest, 'apiBaseUrl' | 'fetch' | 'signal'>;

export const escapeHtml = (v: string) =>
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
const requests = new AsyncLocalStorage<ApiRequest>();
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

/** Runs `work` with the kernel's API client answering to `req`'s API. */
export function withApi<T>(req: ApiRequest, work: () => Promise<T>): Promise<T> {
  return requests.run(req, work);
}

/** A fresh platform query client that asks once: on the server a retry would only spend the budget. */
export function serverQueryClient(): QueryClient {
  const client = createPlatformQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

const tree = (client: QueryClient, location: string, route: string, page: ReactElement, globals: boolean) => (
  <div data-remote={__APP_NAME__} data-version={__APP_VERSION__}>
    <PlatformProvider queryClient={client} globalStyles={globals}>
      <StaticRouter location={location}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </StaticRouter>
    </PlatformProvider>
  </div>
);

/** The page's markup inside the same providers and router as in the browser, from the given cache. */
export function renderTree(client: QueryClient, location: string, route: string, page: ReactElement, globals = true): string {
  return renderToString(tree(client, location, route, page, globals));
}

/**
 * The same markup from React's streaming renderer. It is piped only when everything is rendered
 * (onAllReady, not onShellReady): the page is not hydrated but taken over (ADR 0041), so a
 * Suspense fallback streamed early would never be filled in, and an error can then only come
 * before the first byte of markup, when the shell can still serve the client-rendered page.
 * Any error (the shell's or a boundary's) ends the stream with it; the query client is cleared
 * when the stream closes, however it ends.
 */
export function renderTreeStream(client: QueryClient, location: string, route: string, page: ReactElement, globals = true): Readable {
  const out = new PassThrough();
  let failed = false;
  const { pipe, abort } = renderToPipeableStream(tree(client, location, route, page, globals), {
    onAllReady() {
      if (!failed) pipe(out);
    },
    onError(error) {
      failed = true;
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  });
  out.once('close', () => {
    abort();
    client.clear();
  });
  return out;
}

/**
 * The cache the markup was rendered from, for the browser's client: the answers (successful
 * queries) and the API's refusals (`isRefusal`: no such product, a search it will not run), which
 * the browser shows without asking again (their queries' `retryOnMount`). A refusal's error goes as
 * the kernel's ApiError fields with its message (an Error's message is no JSON property), which
 * `isApiError` reads as one. Failures are left out: the browser asks for those itself.
 */
export function pageState(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || (q.state.status === 'error' && isRefusal(q.state.error)),
  });
  return {
    ...state,
    queries: state.queries.map((q) => (q.state.status === 'error' ? { ...q, state: { ...q.state, error: plainError(q.state.error) } } : q)),
  };
}

/** An ApiError as plain fields (the body left out: no page reads it from a refusal). */
function plainError(error: unknown) {
  if (!isApiError(error)) return null;
  return { name: 'ApiError', status: error.status, code: error.code, codes: error.codes, message: error.message };
}

/** The cache the markup was rendered from (pageState); the client is cleared. */
export function dehydrated(client: QueryClient): DehydratedState {
  const state = pageState(client);
  client.clear();
  return state;
}

/**
 * A page's result (a 200, or a 404/410 page with its message): its markup rendered to a string,
 * or, when the shell streams (`req.stream`), as a stream started now, after the data are in. The
 * cache is dehydrated before the render.
 */
export function pageResult(
  req: RenderRequest,
  client: QueryClient,
  route: string,
  page: ReactElement,
  head: string,
  status = 200,
): RenderResult {
  const location = req.pathname + req.search;
  const globals = req.pageGlobals !== true;
  if (!req.stream) {
    const html = renderTree(client, location, route, page, globals);
    return { status, html, head, state: dehydrated(client) };
  }
  const state = pageState(client);
  return { status, html: '', head, state, body: renderTreeStream(client, location, route, page, globals) };
}
