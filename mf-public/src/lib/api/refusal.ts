import { isApiError } from 'shared-kernel/api';

/**
 * The API's answers that refuse a request for what it asks (400 a search it cannot run, 404 no
 * such product, 410 gone), not failures: asked again, they answer the same.
 */
export const REFUSAL_STATUSES: readonly number[] = [400, 404, 410];

/** Whether `error` is the API's refusal with one of `statuses` (by default any of REFUSAL_STATUSES). */
export function isRefusal(error: unknown, statuses: readonly number[] = REFUSAL_STATUSES): boolean {
  return isApiError(error) && statuses.includes(error.status);
}

/**
 * A query's `retryOnMount`: a page that mounts on a refusal already in the cache (the server's page
 * embeds it, ADR 0041, or it came moments ago) shows it without asking again; a failure (a 5xx, the
 * network) is asked again on mount, as TanStack Query does by default.
 */
export const retryUnlessRefused =
  (statuses: readonly number[]) =>
  (query: { state: { error: unknown } }): boolean =>
    !isRefusal(query.state.error, statuses);
