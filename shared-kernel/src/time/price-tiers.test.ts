import { computeRentalPrice, rentalDays, rentalHours, tierForLength } from './index';

const H = 3_600_000;
const D = 24 * H;
const start = Date.UTC(2025, 5, 1, 9);
const full = { priceHour: 5, priceDaily: 30, threeDay: 25, aweek: 20, twoWeek: 18, month: 15 };

describe('tierForLength', () => {
  it.each([
    [3 * H, 'hour'],
    [D - 1, 'hour'],
    [D, 'day'],
    [2 * D + 1, 'threeDay'],
    [3 * D, 'threeDay'],
    [6 * D, 'threeDay'],
    [7 * D, 'week'],
    [13 * D, 'week'],
    [14 * D, 'twoWeek'],
    [29 * D, 'twoWeek'],
    [30 * D, 'month'],
    [90 * D, 'month'],
  ])('%d ms → %s', (duration, tier) => {
    expect(tierForLength(start, start + duration)).toBe(tier);
  });
});

describe('computeRentalPrice', () => {
  it('charges started hours at the hourly price under a day', () => {
    expect(computeRentalPrice(full, start, start + 2.5 * H)).toEqual({ tier: 'hour', units: 3, unitPriceCents: 500, totalCents: 1500 });
  });

  it('uses the daily price under a day when there is no hourly price', () => {
    expect(computeRentalPrice({ priceDaily: 30 }, start, start + 4 * H)?.totalCents).toBe(3000);
  });

  it('applies the tier the length reaches as a per-day rate', () => {
    expect(computeRentalPrice(full, start, start + 2 * D)?.totalCents).toBe(6000);
    expect(computeRentalPrice(full, start, start + 3 * D)?.totalCents).toBe(7500);
    expect(computeRentalPrice(full, start, start + 7 * D)?.totalCents).toBe(14000);
    expect(computeRentalPrice(full, start, start + 14 * D)?.totalCents).toBe(25200);
    expect(computeRentalPrice(full, start, start + 30 * D)?.totalCents).toBe(45000);
  });

  it('falls back to a shorter tier the product has', () => {
    expect(computeRentalPrice({ priceDaily: 30, threeDay: 25 }, start, start + 20 * D)).toEqual({
      tier: 'threeDay', units: 20, unitPriceCents: 2500, totalCents: 50000,
    });
    expect(computeRentalPrice({ priceDaily: 19.99, threeDay: 0 }, start, start + 3 * D)?.totalCents).toBe(5997);
  });

  it('returns undefined without any price, and treats an end before the start as no length', () => {
    expect(computeRentalPrice({}, start, start + D)).toBeUndefined();
    expect(computeRentalPrice(full, start, start - D)).toEqual({ tier: 'hour', units: 1, unitPriceCents: 500, totalCents: 500 });
  });
});

describe('rental length across DST changes in Tallinn', () => {
  it('charges Saturday 10:00 to Monday 10:00 as two days when the clocks fall back (49 hours)', () => {
    expect(rentalDays('2025-10-25T10:00', '2025-10-27T10:00')).toBe(2);
    expect(computeRentalPrice(full, '2025-10-25T10:00', '2025-10-27T10:00')).toEqual({ tier: 'day', units: 2, unitPriceCents: 3000, totalCents: 6000 });
  });

  it('charges Saturday 10:00 to Monday 10:00 as two days when the clocks spring forward (47 hours)', () => {
    expect(rentalDays('2025-03-29T10:00', '2025-03-31T10:00')).toBe(2);
  });

  it('keeps a day that is 23 hours long a day, not an hourly rental', () => {
    expect(tierForLength('2025-03-29T10:00', '2025-03-30T10:00')).toBe('day');
    expect(computeRentalPrice(full, '2025-03-29T10:00', '2025-03-30T10:00')?.totalCents).toBe(3000);
  });

  it('charges the real hours of an overnight hourly rental over the autumn change', () => {
    // 00:00 → 06:00 on 26 October is 7 real hours.
    expect(rentalHours('2025-10-26T00:00', '2025-10-26T06:00')).toBe(7);
    expect(computeRentalPrice(full, '2025-10-26T00:00', '2025-10-26T06:00')).toEqual({ tier: 'hour', units: 7, unitPriceCents: 500, totalCents: 3500 });
  });

  it('counts a started day in full', () => {
    expect(rentalDays('2025-10-25T10:00', '2025-10-27T10:30')).toBe(3);
  });
});
