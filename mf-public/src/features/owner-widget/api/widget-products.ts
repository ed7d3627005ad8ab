import type { OwnerWidgetResponse } from 'shared-kernel/schemas';
import { ownerWidgetProductsPath } from '../model/contract';
import type { WidgetOptions } from '../model/widget-options';

/** The endpoint's URL on the platform's origin, with the snippet's options. */
export function widgetProductsUrl(platformOrigin: string, opts: WidgetOptions): string {
  const url = new URL(`${platformOrigin}/api${ownerWidgetProductsPath(opts.ownerId)}`);
  url.searchParams.set('limit', String(opts.limit));
  if (opts.category !== undefined) url.searchParams.set('category', String(opts.category));
  return url.toString();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The owner's products. No cookie leaves the host page (`credentials: 'omit'`): the endpoint is
 * public, and a session cookie has no business on someone else's site. The answer is checked by
 * shape only (zod stays out of the bundle: its types are compile-time, ADR 0025); a card then
 * skips a product whose fields are not what the contract says.
 */
export async function fetchWidgetProducts(
  platformOrigin: string,
  opts: WidgetOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<OwnerWidgetResponse> {
  const res = await fetchImpl(widgetProductsUrl(platformOrigin, opts), { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`owner widget: ${res.status}`);
  const body: unknown = await res.json();
  if (!isObject(body) || !isObject(body.owner) || !Array.isArray(body.products)) throw new Error('owner widget: unexpected answer');
  return body as unknown as OwnerWidgetResponse;
}
