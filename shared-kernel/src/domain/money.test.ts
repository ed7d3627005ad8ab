import {
  feeBreakdownTotal, formatEuros, priceWithFee, priceWithoutFee, renterMultiplier, renterPrice, round2,
  searchPriceEuros, toCents, withDisplayVat, withoutDisplayVat,
} from './index';

describe('money helpers', () => {
  it('rounds to 2 decimals without binary artefacts', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(101);
  });

  it('adds the fee, multiplying by 1.22 first when the VAT flag is set', () => {
    expect(priceWithFee(100, 0.1, false)).toBe(110);
    expect(priceWithFee(100, 0.1, true)).toBe(134.2);
    expect(priceWithFee(33.33, 0, true)).toBe(40.66);
  });

  it('reverses by dividing by 1 + fee, or 1.22 + fee with VAT', () => {
    expect(priceWithoutFee(110, 0.1, false)).toBe(100);
    expect(priceWithoutFee(132, 0.1, true)).toBe(100);
  });

  it('totals a fee breakdown to 2 decimals', () => {
    expect(feeBreakdownTotal({ amount: 10.1, vat: 2.22, ourFee: 1.111, additionalServiceCost: 0.2 })).toBe(13.63);
  });

  it('uses the renter multiplier 1.3 for VAT-liable owners and 1.1 otherwise', () => {
    expect(renterMultiplier(true)).toBe(1.3);
    expect(renterMultiplier(false)).toBe(1.1);
    expect(renterPrice(10, true)).toBe(13);
    expect(renterPrice(10, false)).toBe(11);
  });

  it('applies the display factor 1.2 when allowVat', () => {
    expect(withDisplayVat(10, true)).toBe(12);
    expect(withDisplayVat(10, false)).toBe(10);
    expect(withoutDisplayVat(12, true)).toBe(10);
    expect(searchPriceEuros(24.6, true)).toBe(30);
    expect(searchPriceEuros(24.6, false)).toBe(25);
  });

  // The no-break space is part of the format (a price never wraps before '€'); compare with a plain one.
  const plain = (s: string) => s.replace(/\s/g, ' ');

  it('formats every price with two decimals the Estonian way', () => {
    expect(plain(formatEuros(1250))).toBe('12,50 €');
    expect(plain(formatEuros(9720))).toBe('97,20 €');
    expect(plain(formatEuros(10800))).toBe('108,00 €');
    expect(plain(formatEuros(2000))).toBe('20,00 €');
    expect(plain(formatEuros(0))).toBe('0,00 €');
    expect(plain(formatEuros(123456789))).toBe('1 234 567,89 €');
    expect(formatEuros(2000)).toMatch(/^20,00\u00a0€$/);
  });

  it('formats search prices as whole euros', () => {
    expect(plain(formatEuros(10800, { whole: true }))).toBe('108 €');
    expect(plain(formatEuros(9720, { whole: true }))).toBe('97 €');
    expect(plain(formatEuros(9750, { whole: true }))).toBe('98 €');
  });

  it('refuses a value that is not a number of cents', () => {
    expect(() => formatEuros(Number.NaN)).toThrow(RangeError);
  });
});
