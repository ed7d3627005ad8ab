import {
  feeBreakdownTotal, formatEuros, netFromTotal, percentOfCents, round2, searchPriceEuros, standardVatRate, standardVatRateBp, toCents,
  withDisplayVat, withoutDisplayVat, withVatAndFee,
} from './index';

describe('money helpers', () => {
  it('rounds to 2 decimals without binary artefacts', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(101);
  });

  it('takes basis points of cents in integers, half away from zero', () => {
    expect(percentOfCents(25, 2200)).toBe(6); // 5.5 cents
    expect(percentOfCents(24, 2200)).toBe(5); // 5.28 cents
    expect(percentOfCents(-25, 2200)).toBe(-6);
    expect(percentOfCents(123_456_789, 2400)).toBe(29_629_629);
    expect(percentOfCents(1999, 0)).toBe(0);
  });

  it('adds VAT and fee to a net amount side by side, not one on top of the other', () => {
    expect(withVatAndFee(10_000, { vatBp: 2400, feeBp: 1000 })).toEqual({ vatCents: 2400, feeCents: 1000, totalCents: 13_400 });
    expect(withVatAndFee(10_000, { vatBp: 0, feeBp: 1000 })).toEqual({ vatCents: 0, feeCents: 1000, totalCents: 11_000 });
    // The seed's 1.3 and 1.1 are this sum at the 20 % rate of its time.
    expect(withVatAndFee(10_000, { vatBp: 2000, feeBp: 1000 }).totalCents).toBe(13_000);
  });

  it('reverses a total by dividing by 1 + VAT + fee, within a cent of the net', () => {
    expect(netFromTotal(13_400, { vatBp: 2400, feeBp: 1000 })).toBe(10_000);
    expect(netFromTotal(11_000, { vatBp: 0, feeBp: 1000 })).toBe(10_000);
    for (let net = 0; net < 3000; net += 7) {
      const { totalCents } = withVatAndFee(net, { vatBp: 2400, feeBp: 1000 });
      expect(Math.abs(netFromTotal(totalCents, { vatBp: 2400, feeBp: 1000 }) - net)).toBeLessThanOrEqual(1);
    }
  });

  it('totals a fee breakdown in euros to 2 decimals', () => {
    expect(feeBreakdownTotal({ amount: 10.1, vat: 2.22, ourFee: 1.111, additionalServiceCost: 0.2 })).toBe(13.63);
  });

  it('keeps the catalogue display factor 1.2 when allowVat', () => {
    expect(withDisplayVat(10, true)).toBe(12);
    expect(withDisplayVat(10, false)).toBe(10);
    expect(withoutDisplayVat(12, true)).toBe(10);
    expect(searchPriceEuros(24.6, true)).toBe(30);
    expect(searchPriceEuros(24.6, false)).toBe(25);
  });

  it('knows the statutory rate by Tallinn date: 20 % until 2023, 22 % in 2024, 24 % from 1 July 2025', () => {
    expect(standardVatRate('2023-12-31')).toBe(0.2);
    expect(standardVatRate('2024-01-01')).toBe(0.22);
    expect(standardVatRate('2025-06-30')).toBe(0.22);
    expect(standardVatRate('2025-07-01')).toBe(0.24);
    expect(standardVatRateBp('2026-11-22')).toBe(2400);
    // 30 June 21:30 UTC is already 1 July in Tallinn.
    expect(standardVatRate(new Date('2025-06-30T21:30:00Z'))).toBe(0.24);
    expect(standardVatRate(new Date('2025-06-30T20:30:00Z'))).toBe(0.22);
    expect(standardVatRateBp(Date.parse('2025-06-30T20:59:59Z'))).toBe(2200);
  });

  it('formats euros the Estonian way', () => {
    expect(formatEuros(1250).replace(/\s/g, ' ')).toBe('12,50 €');
  });
});
