import { priceWithFee, priceWithoutFee, renterMultiplier, renterPrice } from './index';

// The seed's fee helpers stay deprecated and keep their old answers; ADR 0012 replaces them.
describe('deprecated seed fee helpers', () => {
  it('still apply the seed factors', () => {
    expect(priceWithFee(100, 0.1, false)).toBe(110);
    expect(priceWithFee(100, 0.1, true)).toBe(134.2);
    expect(priceWithFee(33.33, 0, true)).toBe(40.66);
    expect(priceWithoutFee(110, 0.1, false)).toBe(100);
    expect(priceWithoutFee(132, 0.1, true)).toBe(100);
    expect(renterMultiplier(true)).toBe(1.3);
    expect(renterMultiplier(false)).toBe(1.1);
    expect(renterPrice(10, true)).toBe(13);
    expect(renterPrice(10, false)).toBe(11);
  });
});
