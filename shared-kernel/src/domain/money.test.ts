import {
  catalogPriceCents,
  catalogServiceCents,
  standardVatBpOn,
  tallinnDateOf,
  formatEuros,
  searchPriceEuros,
  toCents,
  withVatAndFee,
} from './index';
import { netFromTotal, percentOfCents } from './money';
import { TALLINN_RULE_YEARS } from './tallinn-offset';

const { from: FIRST_YEAR, to: LAST_YEAR } = TALLINN_RULE_YEARS;

describe('money helpers', () => {
  it('turns euros into cents without binary artefacts', () => {
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

  it('keeps the catalogue display factor 1.2 when allowVat', () => {
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

  it("writes every amount as Intl's et-EE currency format does, without building it", () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits });
    const exact = intl(2);
    const whole = intl(0);
    const amounts = [0, -0, 1, -1, 5, 49, 50, 99, 100, -40, -50, -51, 999_99, 1_000_00, 9_999_99, 10_000_00, 12_345_67, -12_345_67];
    for (let cents = -3_000_000; cents <= 3_000_000; cents += 7_919) amounts.push(cents, cents + 0.5, cents - 0.49);
    for (let e = 0; e <= 13; e++) amounts.push(10 ** e, 10 ** e - 1, -(10 ** e) + 1, 2.5 * 10 ** e);
    const differing = amounts.flatMap((cents) => {
      const shownExact = Math.round(cents) / 100;
      const shownWhole = Math.round(cents / 100);
      return [
        [cents, formatEuros(cents), exact.format(shownExact === 0 ? 0 : shownExact)],
        [cents, formatEuros(cents, { whole: true }), whole.format(shownWhole === 0 ? 0 : shownWhole)],
      ].filter(([, ours, theirs]) => ours !== theirs);
    });
    expect(differing).toEqual([]);
  });

  it('refuses a value that is not a number of cents', () => {
    expect(() => formatEuros(Number.NaN)).toThrow(RangeError);
  });
});

describe('catalogue prices (ADR 0012: the VAT a booking made today charges)', () => {
  it('adds the standard VAT of the date for a VAT-liable owner and nothing for others', () => {
    expect(catalogPriceCents(10_000, true, '2025-06-30')).toBe(12_200);
    expect(catalogPriceCents(10_000, true, '2025-07-01')).toBe(12_400);
    expect(catalogPriceCents(10_000, false, '2025-07-01')).toBe(10_000);
    expect(catalogPriceCents(10_000, true, '2023-12-31')).toBe(12_000);
  });

  it('charges services VAT plus the 10 % services fee (the seed renter multiplier)', () => {
    expect(catalogServiceCents(1_000, true, '2025-07-01')).toBe(1_340);
    expect(catalogServiceCents(1_000, false, '2025-07-01')).toBe(1_100);
  });

  it("reads the Tallinn date as the tz database does, across summer time's changes, in the rule's years", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' });
    const instants: number[] = [];
    for (let t = Date.UTC(FIRST_YEAR, 0, 1); t < Date.UTC(LAST_YEAR + 1, 0, 1); t += 5 * 3_600_000 + 17 * 60_000) instants.push(t);
    // Around each change (the last Sundays of March and October, 01:00 UTC) and each midnight near it.
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      for (const month of [2, 9]) {
        for (let day = 24; day <= 31; day++) {
          for (const hour of [-3, -2, -1, 0, 1, 20, 21, 22, 23]) {
            const at = Date.UTC(year, month, day, hour);
            instants.push(at - 1, at, at + 1);
          }
        }
      }
    }
    const differing = instants.filter((t) => tallinnDateOf(t) !== intl.format(t)).map((t) => new Date(t).toISOString());
    expect(differing).toEqual([]);
    expect(tallinnDateOf(new Date(Date.UTC(2030, 9, 27, 0, 59)))).toBe(intl.format(Date.UTC(2030, 9, 27, 0, 59)));
  });

  it('leaves years outside the summer-time rule and invalid dates to Intl', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const t of [Date.UTC(2000, 6, 1, 21, 30), Date.UTC(1995, 2, 26, 22, 30), Date.UTC(2150, 6, 1, 21, 30)]) {
      expect(tallinnDateOf(t)).toBe(intl.format(t));
    }
    expect(() => tallinnDateOf(Number.NaN)).toThrow(RangeError);
    // Past the largest instant a Date holds (±8.64e15 ms) there is no date either.
    expect(() => tallinnDateOf(8.64e15 + 1)).toThrow(RangeError);
    expect(() => tallinnDateOf(-8.64e15 - 1)).toThrow(RangeError);
  });

  it('reads today by the Tallinn calendar: 30 June 21:30 UTC is already 1 July there', () => {
    expect(tallinnDateOf(Date.UTC(2025, 5, 30, 21, 30))).toBe('2025-07-01');
    expect(tallinnDateOf(Date.UTC(2025, 5, 30, 20, 30))).toBe('2025-06-30');
    expect(standardVatBpOn(tallinnDateOf(Date.UTC(2025, 5, 30, 21, 30)))).toBe(2_400);
  });
});
