import { computeRentalPrice, tierForDuration } from './index';

const H = 3_600_000;
const D = 24 * H;
const start = Date.UTC(2025, 5, 1, 9);
const full = { priceHour: 5, priceDaily: 30, threeDay: 25, aweek: 20, twoWeek: 18, month: 15 };

describe('tierForDuration', () => {
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
    expect(tierForDuration(duration)).toBe(tier);
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

  it('returns undefined without any price', () => {
    expect(computeRentalPrice({}, start, start + D)).toBeUndefined();
  });
});
