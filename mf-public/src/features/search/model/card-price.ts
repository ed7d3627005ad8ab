import { GO_KART, GO_KART_PRODUCT_ID, headlinePriceText } from 'shared-kernel/domain';
import { searchTexts } from '../../../messages/search';

/**
 * The price line of a search card or marker card: whole euros per day incl. VAT (spec 2.3; the API
 * sends the renter's day price), but the go-kart track is sold by the 20-minute ride, so its card
 * shows the ride price, as its page does (kernel `headlinePrice`, the one headline of every list).
 */
export function cardPriceText(productId: number, dailyEuros: number | null): string {
  if (productId === GO_KART_PRODUCT_ID) return headlinePriceText({ cents: GO_KART.slotPriceCents, per: 'goKartRide' }, { whole: true });
  if (dailyEuros === null) return searchTexts.priceMissing;
  return headlinePriceText({ cents: Math.round(dailyEuros * 100), per: 'day' }, { whole: true });
}
