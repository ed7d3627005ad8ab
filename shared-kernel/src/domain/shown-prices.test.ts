import {
  catalogPriceCents,
  catalogServiceCents,
  feeBreakdown,
  formatEuros,
  GO_KART,
  headlinePrice,
  headlinePriceText,
  netFromOwnerPriceCents,
  ownerPriceCents,
  shownPriceCents,
  vatInclusiveBreakdown,
} from './index';
import { netFromShownPriceCents } from './money';

// Issue 25: one conversion between stored net prices and the prices owners and renters are shown.
const plain = (s: string) => s.replace(/\s/g, ' ');
const JULY_2025 = '2025-07-01';

describe('shownPriceCents: the one conversion (ADR 0012, issue 25)', () => {
  it("shows a renter what they pay: net + the owner's VAT + the item's platform fee", () => {
    // Product 61's 'Lisajuht': 15 € net from a VAT-liable owner is 15 + 3,60 VAT + 1,50 fee.
    expect(shownPriceCents(1_500, 'renter', 'service', 2_400)).toBe(2_010);
    expect(shownPriceCents(1_500, 'renter', 'service', 0)).toBe(1_650);
    expect(shownPriceCents(10_000, 'renter', 'rent', 2_400)).toBe(12_400);
  });

  it('shows an owner the net plus their VAT, never the platform fee', () => {
    expect(shownPriceCents(1_500, 'owner', 'service', 2_400)).toBe(1_860);
    expect(shownPriceCents(10_000, 'owner', 'rent', 2_400)).toBe(12_400);
    expect(shownPriceCents(10_000, 'owner', 'rent', 0)).toBe(10_000);
  });

  it("gives the owner's day price and the renter's the same figure (the rent fee is 0 %)", () => {
    for (const net of [1, 99, 10_000, 10_500, 26_800, 123_457]) {
      expect(ownerPriceCents(net, true, JULY_2025)).toBe(catalogPriceCents(net, true, JULY_2025));
    }
  });

  it('is what the catalogue and owner helpers compute, on the rate of the date', () => {
    expect(catalogPriceCents(10_000, true, JULY_2025)).toBe(shownPriceCents(10_000, 'renter', 'rent', 2_400));
    expect(catalogServiceCents(1_500, true, '2025-06-30')).toBe(shownPriceCents(1_500, 'renter', 'service', 2_200));
    expect(ownerPriceCents(10_000, true, JULY_2025)).toBe(12_400);
    expect(ownerPriceCents(10_000, false, JULY_2025)).toBe(10_000);
  });

  it("takes an owner's typed price back to the net it shows, for every cent up to 2 000 € and every rate", () => {
    // Saving the edit form unchanged must not move a stored price (product 150: 100 € ↔ 124,00).
    expect(netFromOwnerPriceCents(12_400, true, JULY_2025)).toBe(10_000);
    const moved: string[] = [];
    for (const vatBp of [0, 2_000, 2_200, 2_400]) {
      for (let net = 0; net <= 200_000; net += 1) {
        if (netFromShownPriceCents(shownPriceCents(net, 'owner', 'service', vatBp), 'owner', 'service', vatBp) !== net)
          moved.push(`${net} at ${vatBp} bp`);
      }
    }
    expect(moved).toEqual([]);
  });

  it('breaks a price with VAT included down into lines that add up to exactly that price', () => {
    // The go-kart: 6 rides × 20 € at 24 % are 96,77 € net and 23,23 € VAT, not 120 € with 0 % VAT.
    expect(vatInclusiveBreakdown({ grossCents: 12_000, vatRateBp: 2_400 })).toEqual({
      amountCents: 9_677,
      additionalServiceCostCents: 0,
      vatRateBp: 2_400,
      vatCents: 2_323,
      ourFeeCents: 0,
      totalCents: 12_000,
    });
    const off: number[] = [];
    for (let gross = 0; gross <= 50_000; gross += 1) {
      const b = vatInclusiveBreakdown({ grossCents: gross, vatRateBp: 2_400 });
      // The lines add up, and the VAT is the rate's share of the net to within the one rounding.
      if (b.amountCents + b.vatCents + b.ourFeeCents !== gross || Math.abs(b.vatCents - (b.amountCents * 2_400) / 10_000) > 0.75)
        off.push(gross);
    }
    expect(off).toEqual([]);
    expect(vatInclusiveBreakdown({ grossCents: 8_000, vatRateBp: 0 })).toMatchObject({
      amountCents: 8_000,
      vatCents: 0,
      totalCents: 8_000,
    });
    // Adding VAT to a net cannot reach 120,00 € at 24 %: the reason the track's price is broken down the other way.
    expect(
      [9_677, 9_678].map((net) => feeBreakdown({ amountCents: net, additionalServiceCostCents: 0, vatRateBp: 2_400 }).totalCents),
    ).toEqual([11_999, 12_001]);
  });
});

describe('headlinePrice: the price a list shows for a product', () => {
  const firma150 = { id: 150, priceDaily: 100, allowVat: true };
  it('is the day price as the viewer sees it', () => {
    expect(headlinePrice(firma150, 'owner', JULY_2025)).toEqual({ cents: 12_400, per: 'day' });
    expect(headlinePrice(firma150, 'renter', JULY_2025)).toEqual({ cents: 12_400, per: 'day' });
    expect(headlinePrice({ id: 7, priceDaily: 35, allowVat: false }, 'owner', JULY_2025)).toEqual({ cents: 3_500, per: 'day' });
    expect(headlinePrice({ id: 7, priceDaily: null, allowVat: false }, 'renter', JULY_2025)).toBeNull();
  });

  it("is the go-kart's fixed 20 € a ride for owner and renter alike, never its stored day price with VAT on top", () => {
    const kart = { id: GO_KART.productId, priceDaily: 20, allowVat: true };
    expect(headlinePrice(kart, 'owner', JULY_2025)).toEqual({ cents: 2_000, per: 'goKartRide' });
    expect(headlinePrice(kart, 'renter', JULY_2025)).toEqual({ cents: 2_000, per: 'goKartRide' });
    expect(plain(headlinePriceText({ cents: 2_000, per: 'goKartRide' }))).toBe('20,00 € / 20 min sõit ühele sõitjale');
    expect(plain(headlinePriceText({ cents: 12_400, per: 'day' }))).toBe('124,00 € / päev');
    expect(plain(headlinePriceText({ cents: 12_450, per: 'day' }, { whole: true }))).toBe('125 € / päev');
  });
});

describe('formatEuros never shows a negative zero', () => {
  it("writes -0 and amounts that round to zero as '0,00 €' / '0 €'", () => {
    // 'Tagastatakse −0,00 €.' came from a refund of nothing computed as -0.
    expect(plain(formatEuros(-0))).toBe('0,00 €');
    expect(plain(formatEuros(-0.4))).toBe('0,00 €');
    expect(plain(formatEuros(-40, { whole: true }))).toBe('0 €');
    expect(plain(formatEuros(-0, { whole: true }))).toBe('0 €');
    expect(formatEuros(-0)).not.toMatch(/[-−]/);
  });

  it('still shows a real negative amount with its minus sign', () => {
    expect(plain(formatEuros(-1))).toMatch(/^[-−]0,01 €$/);
    expect(plain(formatEuros(-260, { whole: true }))).toMatch(/^[-−]3 €$/);
  });
});
