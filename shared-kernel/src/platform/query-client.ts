import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/**
 * Worth asking again: no answer reached us (network) or the server failed (5xx). A 4xx will say the
 * same again, an abort was wanted, and a timeout already waited 15 s.
 */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === 'NETWORK_ERROR' || error.status >= 500;
}

/** The platform's defaults; the shell creates the page's one client with them. */
export function createPlatformQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists and product pages change slowly; revisiting a page within this time shows the cache
        // without a second request.
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 1 && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Each slice mounts its own React root, so a provider alone cannot make the client one per page.
 * Like the widget loader, the shell publishes it on `window`: every slice finds the same object
 * whichever kernel version it was built against.
 */
const KEY = '__rendimeQueryClient';

export function setPlatformQueryClient(client: QueryClient): void {
  (window as unknown as Record<string, unknown>)[KEY] = client;
}

/**
 * The page's client. Without a shell (standalone dev, a widget's own tests) the first caller
 * creates it, and every later caller on the page shares that one.
 */
export function getPlatformQueryClient(): QueryClient {
  const slot = window as unknown as Record<string, unknown>;
  const known = slot[KEY] as QueryClient | undefined;
  if (known) return known;
  const client = createPlatformQueryClient();
  slot[KEY] = client;
  return client;
}
