import { feeBreakdown } from '../domain';
import { quoteRental, renterServiceCents, tallinnLocalToEpoch } from './index';

const at = tallinnLocalToEpoch;
const prices = { dayCents: 3000, threeDayCents: 2500 };

describe('quoteRental: tiers, owner VAT and the fee in integer cents', () => {
  it('adds VAT on rent and services and the 10 % fee on services only', () => {
    const quote = quoteRental({
      prices,
      startMs: at('2026-06-01T08:00'),
      endMs: at('2026-06-04T08:00'),
      ownerVatLiable: true,
      additionalServiceCents: [1000],
    });
    expect(quote).toMatchObject({
      rental: { tier: 'threeDay', units: 3 },
      amountCents: 7500,
      additionalServiceCostCents: 1000,
      vatRateBp: 2400,
      vatCents: 2040,
      ourFeeCents: 100,
      totalCents: 10_640,
    });
  });

  it('charges no VAT for an owner who is not VAT-liable', () => {
    const quote = quoteRental({
      prices,
      startMs: at('2026-06-01T08:00'),
      endMs: at('2026-06-02T08:00'),
      ownerVatLiable: false,
      additionalServiceCents: [1000, 550],
    });
    expect(quote).toMatchObject({
      amountCents: 3000,
      additionalServiceCostCents: 1550,
      vatRateBp: 0,
      vatCents: 0,
      ourFeeCents: 155,
      totalCents: 4705,
    });
  });

  it('uses the VAT rate of the Tallinn day the rental starts (24 % from 1 July 2025)', () => {
    const before = quoteRental({ prices, startMs: at('2025-06-30T23:30'), endMs: at('2025-07-01T23:00'), ownerVatLiable: true });
    const after = quoteRental({ prices, startMs: at('2025-07-01T00:30'), endMs: at('2025-07-02T00:00'), ownerVatLiable: true });
    expect(before).toMatchObject({ vatRateBp: 2200, vatCents: 660, totalCents: 3660 });
    expect(after).toMatchObject({ vatRateBp: 2400, vatCents: 720, totalCents: 3720 });
  });

  it('keeps every line in whole cents and the total their sum', () => {
    for (let amount = 1; amount < 2000; amount += 13) {
      for (const services of [0, 1, 25, 333]) {
        const b = feeBreakdown({ amountCents: amount, additionalServiceCostCents: services, vatRateBp: 2200 });
        for (const v of [b.vatCents, b.ourFeeCents, b.totalCents]) expect(Number.isInteger(v)).toBe(true);
        expect(b.totalCents).toBe(b.amountCents + b.additionalServiceCostCents + b.vatCents + b.ourFeeCents);
      }
    }
  });

  it('has no price when the product has none for the period', () => {
    expect(
      quoteRental({ prices: {}, startMs: at('2026-06-01T08:00'), endMs: at('2026-06-02T08:00'), ownerVatLiable: true }),
    ).toBeUndefined();
  });

  it("shows an additional service to the renter × 1.34 or × 1.1 (the seed's × 1.3 at the 20 % rate)", () => {
    expect(renterServiceCents(1000, true, at('2026-06-01T08:00'))).toBe(1340);
    expect(renterServiceCents(1000, false, at('2026-06-01T08:00'))).toBe(1100);
    expect(renterServiceCents(1000, true, at('2023-06-01T08:00'))).toBe(1300);
  });
});
