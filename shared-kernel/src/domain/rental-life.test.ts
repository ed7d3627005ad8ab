import { RENTAL_LIFE } from './constants';
import { debtorLimitCents, handoverOpensAt, lateReturnFee } from './rental-life';

const HOUR = 3_600_000;

describe('rental life rules', () => {
  it('opens the handover mark 24 hours before the start', () => {
    expect(handoverOpensAt(Date.UTC(2026, 11, 10, 10))).toBe(Date.UTC(2026, 11, 9, 10));
  });

  it('charges 5 late hours of an hourly rental at twice the hourly price', () => {
    expect(lateReturnFee({ endMs: 0, returnedMs: 5 * HOUR, hourly: true, unitPriceCents: 1_250 })).toEqual({
      unit: 'hour',
      units: 5,
      feeCents: 12_500,
    });
  });

  it('gives 15 minutes of grace: 5 h and 1 s late is 5 hours, 5 h 20 min is 6, a day one second late is nothing', () => {
    const hourly = (returnedMs: number) => lateReturnFee({ endMs: 0, returnedMs, hourly: true, unitPriceCents: 500 });
    expect(hourly(5 * HOUR)).toEqual({ unit: 'hour', units: 5, feeCents: 5 * 2 * 500 });
    expect(hourly(5 * HOUR + 1_000)).toEqual({ unit: 'hour', units: 5, feeCents: 5 * 2 * 500 });
    expect(hourly(5 * HOUR + 20 * 60_000)).toEqual({ unit: 'hour', units: 6, feeCents: 6 * 2 * 500 });
    expect(hourly(RENTAL_LIFE.lateFeeGraceMs)).toEqual({ unit: 'hour', units: 0, feeCents: 0 });
    expect(hourly(RENTAL_LIFE.lateFeeGraceMs + 1).units).toBe(1);
    expect(lateReturnFee({ endMs: 0, returnedMs: 1_000, hourly: false, unitPriceCents: 3_000 })).toEqual({
      unit: 'day',
      units: 0,
      feeCents: 0,
    });
  });

  it('counts a started hour or day in full and nothing for an on-time return', () => {
    expect(lateReturnFee({ endMs: 0, returnedMs: HOUR + RENTAL_LIFE.lateFeeGraceMs + 1, hourly: true, unitPriceCents: 100 }).units).toBe(2);
    expect(lateReturnFee({ endMs: 0, returnedMs: 25 * HOUR, hourly: false, unitPriceCents: 3_000 })).toEqual({
      unit: 'day',
      units: 2,
      feeCents: 12_000,
    });
    expect(lateReturnFee({ endMs: 10, returnedMs: 10, hourly: true, unitPriceCents: 100 }).feeCents).toBe(0);
  });

  it('has the terms’ debtor limits: 500 € private, 2000 € company', () => {
    expect(debtorLimitCents(false)).toBe(50_000);
    expect(debtorLimitCents(true)).toBe(200_000);
  });
});
