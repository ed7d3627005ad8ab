/**
 * What every server render of this slice shares (ADR 0041): the request it runs for, the kernel's
 * API client pointed at that request's API, a query client that asks once, the page's providers
 * and router around the markup, and the head tags as HTML.
 */
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
// The server container bundles its own router (it shares nothing, ADR 0041); the kernel's subpath
// stays the browser's singleton without a server-only export in every page's bytes.
// eslint-disable-next-line no-restricted-imports
import { StaticRouter } from 'react-router';
import { configureApi } from 'shared-kernel/api';
import { createPlatformQueryClient } from 'shared-kernel/platform';
import { Route, Routes } from 'shared-kernel/router';
import { PlatformProvider } from 'shared-kernel/ui';
import type { HeadTag } from './page-head';

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

/** The page's markup inside the same providers and router as in the browser, from the given cache. */
export function renderTree(client: QueryClient, location: string, route: string, page: ReactElement): string {
  return renderToString(
    <div data-remote={__APP_NAME__} data-version={__APP_VERSION__}>
      <PlatformProvider queryClient={client}>
        <StaticRouter location={location}>
          <Routes>
            <Route path={route} element={page} />
          </Routes>
        </StaticRouter>
      </PlatformProvider>
    </div>,
  );
}

/** The cache the markup was rendered from, successful queries only (the browser asks for failed ones itself). */
export function dehydrated(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  client.clear();
  return state;
}
