import { rentalPriceBetween, rentalSpan, tallinnLocalToEpoch, tierPricesFromEuros, type TierPricesCents } from './index';

const at = tallinnLocalToEpoch;
const full: TierPricesCents = {
  hourCents: 500,
  dayCents: 3000,
  threeDayCents: 2500,
  weekCents: 2000,
  twoWeekCents: 1800,
  monthCents: 1500,
};

describe('rentalSpan on the Tallinn calendar', () => {
  it('counts calendar days, a started day in full', () => {
    // 2 June 2025 is a Monday.
    expect(rentalSpan(at('2025-06-02T08:00'), at('2025-06-03T08:00'))).toEqual({ sameDay: false, hours: 24, days: 1, weekendDays: 0 });
    expect(rentalSpan(at('2025-06-02T08:00'), at('2025-06-04T18:00')).days).toBe(3);
    expect(rentalSpan(at('2025-06-02T18:00'), at('2025-06-03T08:00')).days).toBe(1);
    expect(rentalSpan(at('2025-06-02T10:00'), at('2025-06-02T12:30'))).toEqual({ sameDay: true, hours: 3, days: 1, weekendDays: 0 });
  });

  it('counts Saturdays and Sundays among the rental days', () => {
    // Friday 6 June to Monday 9 June: Fri, Sat, Sun.
    expect(rentalSpan(at('2025-06-06T08:00'), at('2025-06-09T08:00')).weekendDays).toBe(2);
    expect(rentalSpan(at('2025-06-07T10:00'), at('2025-06-07T12:00')).weekendDays).toBe(1);
    expect(rentalSpan(at('2025-06-02T08:00'), at('2025-06-23T08:00'))).toMatchObject({ days: 21, weekendDays: 6 });
    expect(rentalSpan(at('2025-06-01T08:00'), at('2025-06-09T08:00'))).toMatchObject({ days: 8, weekendDays: 3 });
  });

  it('keeps a day a day across the DST changes (23 and 25 real hours)', () => {
    // 30 March 2025 clocks jump 03:00 → 04:00; 26 October 2025 they fall back 04:00 → 03:00.
    const spring = rentalSpan(at('2025-03-29T08:00'), at('2025-03-31T08:00'));
    expect(spring).toMatchObject({ days: 2, hours: 47 });
    const autumn = rentalSpan(at('2025-10-25T08:00'), at('2025-10-27T08:00'));
    expect(autumn).toMatchObject({ days: 2, hours: 49 });
    expect(rentalSpan(at('2025-10-25T08:00'), at('2025-10-26T08:00')).days).toBe(1);
  });

  it('charges elapsed hours of a DST night', () => {
    expect(rentalSpan(at('2025-10-26T00:30'), at('2025-10-26T05:30')).hours).toBe(6);
    expect(rentalSpan(at('2025-03-30T01:00'), at('2025-03-30T05:00')).hours).toBe(3);
  });
});

describe('rentalPriceBetween tier rules', () => {
  const mon = (h = 8) => at(`2025-06-02T${String(h).padStart(2, '0')}:00`);
  const plusDays = (days: number) => at(`2025-06-${String(2 + days).padStart(2, '0')}T08:00`);

  it('charges started hours at the hourly price on a same-day rental', () => {
    expect(rentalPriceBetween(full, mon(10), at('2025-06-02T12:30'))).toMatchObject({
      tier: 'hour',
      units: 3,
      unitPriceCents: 500,
      totalCents: 1500,
    });
  });

  it('charges a same-day rental one day when there is no hourly price', () => {
    expect(rentalPriceBetween({ dayCents: 3000 }, mon(10), mon(14))).toMatchObject({ tier: 'day', units: 1, totalCents: 3000 });
  });

  it('applies the tier the length reaches as the rate for every day', () => {
    expect(rentalPriceBetween(full, mon(), plusDays(2))).toMatchObject({ tier: 'day', totalCents: 6000 });
    expect(rentalPriceBetween(full, mon(), plusDays(3))).toMatchObject({ tier: 'threeDay', totalCents: 7500 });
    expect(rentalPriceBetween(full, mon(), plusDays(6))).toMatchObject({ tier: 'threeDay', totalCents: 15000 });
    expect(rentalPriceBetween(full, mon(), plusDays(7))).toMatchObject({ tier: 'week', totalCents: 14000 });
    expect(rentalPriceBetween(full, mon(), plusDays(14))).toMatchObject({ tier: 'twoWeek', totalCents: 25200 });
    expect(rentalPriceBetween(full, mon(), at('2025-07-02T08:00'))).toMatchObject({ tier: 'month', units: 30, totalCents: 45000 });
  });

  it('falls back to a shorter tier the product has', () => {
    expect(rentalPriceBetween({ dayCents: 3000, threeDayCents: 2500 }, mon(), plusDays(20))).toMatchObject({
      tier: 'threeDay',
      units: 20,
      totalCents: 50000,
    });
    expect(rentalPriceBetween({ dayCents: 1999, threeDayCents: 0 }, mon(), plusDays(3))).toMatchObject({ tier: 'day', totalCents: 5997 });
  });

  it('prices weekend days at the weekend-day price while the day tier applies', () => {
    const prices = { dayCents: 3000, weekendDayCents: 4000 };
    // Fri + Sat + Sun
    expect(rentalPriceBetween(prices, at('2025-06-06T08:00'), at('2025-06-09T08:00'))).toMatchObject({
      tier: 'day',
      units: 3,
      weekendUnits: 2,
      totalCents: 3000 + 2 * 4000,
    });
    expect(rentalPriceBetween(prices, at('2025-06-07T08:00'), at('2025-06-08T08:00'))?.totalCents).toBe(4000);
    // From three days on the three-day tier wins and the weekend price no longer applies.
    expect(rentalPriceBetween({ ...prices, threeDayCents: 2500 }, at('2025-06-06T08:00'), at('2025-06-09T08:00'))).toMatchObject({
      tier: 'threeDay',
      weekendUnits: 0,
      totalCents: 7500,
    });
    // Weekend-only pricing rents weekends and nothing else.
    expect(rentalPriceBetween({ weekendDayCents: 4000 }, at('2025-06-07T08:00'), at('2025-06-09T08:00'))?.totalCents).toBe(8000);
    expect(rentalPriceBetween({ weekendDayCents: 4000 }, at('2025-06-06T08:00'), at('2025-06-07T08:00'))).toBeUndefined();
  });

  it('returns undefined without any price, and treats an end before the start as no length', () => {
    expect(rentalPriceBetween({}, mon(), plusDays(1))).toBeUndefined();
    expect(rentalPriceBetween(full, mon(), at('2025-06-01T08:00'))).toMatchObject({
      tier: 'hour',
      units: 1,
      unitPriceCents: 500,
      totalCents: 500,
    });
  });

  it('reads the euro prices of the product JSON as cents', () => {
    expect(tierPricesFromEuros({ priceHour: 4.5, priceDaily: 19.99, threeDay: null, aweek: 0, weekendDay: 25 })).toEqual({
      hourCents: 450,
      dayCents: 1999,
      threeDayCents: null,
      weekCents: 0,
      twoWeekCents: null,
      monthCents: null,
      weekendDayCents: 2500,
    });
  });
});

describe('which tier a length reaches', () => {
  const H = 3_600_000;
  const D = 24 * H;
  // Sunday 1 June 2025 12:00 in Tallinn; no weekend-day price, so the weekend plays no part.
  const start = Date.UTC(2025, 5, 1, 9);

  it.each([
    [3 * H, 'hour'],
    // 12:00 to 11:59:59.999 the next day spans two dates: a day, not an hourly pick (ADR 0012).
    [D - 1, 'day'],
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
    expect(rentalPriceBetween(full, start, start + duration)?.tier).toBe(tier);
  });
});

describe('rental length across DST changes in Tallinn', () => {
  it('charges Saturday 10:00 to Monday 10:00 as two days when the clocks fall back (49 hours)', () => {
    expect(rentalSpan('2025-10-25T10:00', '2025-10-27T10:00')).toMatchObject({ days: 2, hours: 49 });
    expect(rentalPriceBetween(full, '2025-10-25T10:00', '2025-10-27T10:00')).toMatchObject({
      tier: 'day',
      units: 2,
      unitPriceCents: 3000,
      totalCents: 6000,
    });
  });

  it('charges Saturday 10:00 to Monday 10:00 as two days when the clocks spring forward (47 hours)', () => {
    expect(rentalSpan('2025-03-29T10:00', '2025-03-31T10:00')).toMatchObject({ days: 2, hours: 47 });
  });

  it('keeps a day that is 23 hours long a day, not an hourly rental', () => {
    expect(rentalPriceBetween(full, '2025-03-29T10:00', '2025-03-30T10:00')).toMatchObject({ tier: 'day', totalCents: 3000 });
  });

  it('charges the real hours of an overnight hourly rental over the autumn change', () => {
    // 00:00 → 06:00 on 26 October is 7 real hours.
    expect(rentalPriceBetween(full, '2025-10-26T00:00', '2025-10-26T06:00')).toMatchObject({
      tier: 'hour',
      units: 7,
      unitPriceCents: 500,
      totalCents: 3500,
    });
  });

  it('counts a started day in full', () => {
    expect(rentalSpan('2025-10-25T10:00', '2025-10-27T10:30').days).toBe(3);
  });
});
