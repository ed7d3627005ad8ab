import { computeRentalPrice, priceWithFee, priceWithoutFee, renterPrice, tierForDuration } from './index';

// The seed's helpers stay (the kernel only grows) and keep their old answers; ADR 0012 replaces them.
describe('deprecated seed price helpers', () => {
  const H = 3_600_000;
  const start = Date.UTC(2025, 5, 1, 9);

  it('still price by 24-hour blocks in euros', () => {
    expect(tierForDuration(3 * 24 * H)).toBe('threeDay');
    expect(computeRentalPrice({ priceHour: 5, priceDaily: 30 }, start, start + 2.5 * H)?.totalCents).toBe(1500);
    expect(computeRentalPrice({ priceDaily: 30, threeDay: 25 }, start, start + 20 * 24 * H)?.totalCents).toBe(50000);
    expect(computeRentalPrice({}, start, start + 24 * H)).toBeUndefined();
  });

  it('still apply the seed factors', () => {
    expect(priceWithFee(100, 0.1, true)).toBe(134.2);
    expect(priceWithoutFee(132, 0.1, true)).toBe(100);
    expect(renterPrice(10, true)).toBe(13);
  });
});
