import { format, messages } from 'shared-kernel/messages';
import { GO_KART, GO_KART_PRODUCT_ID } from './constants';
import { formatEuros, ownerVatBpOn, shownPriceCents, tallinnDateOf, toCents, type EuroFormat, type PriceViewer } from './money';

/** A product's headline price: per rental day, or per 20-minute ride of one rider on the go-kart track. */
export interface HeadlinePrice {
  cents: number;
  per: 'day' | 'goKartRide';
}

/**
 * The one headline price of a product wherever it is listed (public cards, search, the owner's
 * cards and table, the widget): the day price as `viewer` sees it (`shownPriceCents`), or, for the
 * go-kart track, the spec's fixed price of one ride for one rider. That price is what the rider
 * pays, VAT included (spec 9: 20 EUR per slot), so owner and renter see the same figure and the
 * track's stored day price, which no booking uses, is never shown. Null without a day price.
 */
export function headlinePrice(
  product: { id: number; priceDaily: number | null; allowVat: boolean },
  viewer: PriceViewer,
  isoDate: string = tallinnDateOf(),
): HeadlinePrice | null {
  if (product.id === GO_KART_PRODUCT_ID) return { cents: GO_KART.slotPriceCents, per: 'goKartRide' };
  if (product.priceDaily === null) return null;
  return { cents: shownPriceCents(toCents(product.priceDaily), viewer, 'rent', ownerVatBpOn(product.allowVat, isoDate)), per: 'day' };
}

/** '124,00 € / päev' or '20,00 € / 20 min sõit ühele sõitjale' (whole euros in search, spec 9). */
export function headlinePriceText(price: HeadlinePrice, options?: EuroFormat): string {
  const t = messages.domain.prices;
  const amount = formatEuros(price.cents, options);
  return price.per === 'goKartRide'
    ? format(t.perGoKartRide, { price: amount, minutes: GO_KART.slotMinutes })
    : format(t.perDay, { price: amount });
}
