import { formatEuros, GO_KART, GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { productTexts } from '../../../messages/product';
import { searchTexts } from '../../../messages/search';

/**
 * The price line of a search card or marker card: whole euros per day incl. VAT (spec 2.3), but the
 * go-kart track is sold by the 20-minute ride, so its card shows the slot price, as its page does.
 */
export function cardPriceText(productId: number, dailyEuros: number | null): string {
  if (productId === GO_KART_PRODUCT_ID) {
    return format(productTexts.goKartSlotPrice, { price: formatEuros(GO_KART.slotPriceCents, { whole: true }), minutes: GO_KART.slotMinutes });
  }
  if (dailyEuros === null) return searchTexts.priceMissing;
  return format(searchTexts.perDay, { price: formatEuros(Math.round(dailyEuros * 100), { whole: true }) });
}
