import { catalogPriceCents, tallinnDateOf, toCents } from 'shared-kernel/domain';
import { OWNER_WIDGET_FREE_DAYS, type OwnerWidgetProduct, type Product } from 'shared-kernel/schemas';
import { addTallinnDays, bookingCalendarDay, tallinnIsoDate, tallinnLocalToEpoch } from 'shared-kernel/time';

/** How far ahead the widget looks for free days. */
export const FREE_DAY_HORIZON_DAYS = 60;

/**
 * The next whole free days from today in Tallinn, as the product page's booking calendar shows
 * them (rent days, vacation days, holding reservations in the daily window; ADR 0013). Today
 * counts only before the day's opening hour: a day rental cannot start in the past.
 */
export function nextFreeDays(
  product: Pick<Product, 'rentDays' | 'vacationDays' | 'startTs' | 'endTs' | 'reservations'>,
  now: Date,
  count = OWNER_WIDGET_FREE_DAYS,
): string[] {
  const free: string[] = [];
  for (let i = 0; i < FREE_DAY_HORIZON_DAYS && free.length < count; i += 1) {
    const day = tallinnIsoDate(addTallinnDays(now, i));
    if (i === 0 && now.getTime() >= openingOf(day, product.startTs)) continue;
    if (bookingCalendarDay(day, product) === 'available') free.push(day);
  }
  return free;
}

function openingOf(day: string, startTs: string): number {
  try {
    return tallinnLocalToEpoch(`${day}T${startTs}`);
  } catch {
    // A product without a readable opening hour is open all day: today has begun.
    return tallinnLocalToEpoch(`${day}T00:00`);
  }
}

/**
 * One card of the widget. The price is the product page's day price (`priceRows` in mf-public:
 * `catalogPriceCents` on today's Tallinn date, VAT when the owner is VAT-liable, the rent fee
 * included), so the widget and the page never disagree.
 */
export function widgetCard(product: Product, now: Date, urls: { publicSiteUrl: string }): OwnerWidgetProduct {
  const first = product.images[0];
  return {
    id: product.id,
    title: product.name,
    // The first image is the cover, the 435 px card rendition (spec 5, services/images).
    imageUrl: first ? new URL(first.url, `${urls.publicSiteUrl}/`).toString() : null,
    dailyPriceCents: catalogPriceCents(toCents(product.priceDaily ?? 0), product.allowVat, tallinnDateOf(now)),
    vatIncluded: product.allowVat,
    nextFreeDays: nextFreeDays(product, now),
    productUrl: `${urls.publicSiteUrl}/public/detail-view/${product.id}`,
  };
}
