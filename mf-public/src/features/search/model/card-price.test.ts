import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import { cardPriceText } from './card-price';

describe('cardPriceText', () => {
  it('shows the go-kart track by its 20-minute ride, not by the day', () => {
    const text = cardPriceText(GO_KART_PRODUCT_ID, 24);
    expect(text).toMatch(/^20\s€ \/ 20 min sõit ühele sõitjale$/);
    expect(text).not.toMatch(/24/);
  });

  it('shows other products in whole euros per day', () => {
    expect(cardPriceText(12, 97.2)).toMatch(/^97\s€/);
    expect(cardPriceText(12, 97.2)).not.toMatch(/20 min/);
  });

  it('says the price is missing when there is none', () => {
    expect(cardPriceText(12, null)).not.toMatch(/€/);
  });
});
