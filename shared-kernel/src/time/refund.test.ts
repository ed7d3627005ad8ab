import { refundCents, refundPercent, tallinnLocalToEpoch } from './index';

const H = 3_600_000;
const start = Date.UTC(2025, 5, 10, 9);

describe('refund schedule', () => {
  it.each([
    [72, 100],
    [48.01, 100],
    [48, 75],
    [24.5, 75],
    [24, 50],
    [12.01, 50],
    [12, 0],
    [1, 0],
    [-5, 0],
  ])('%d h before start → %d%%', (hours, percent) => {
    expect(refundPercent(start, start - hours * H)).toBe(percent);
  });

  it('computes the refund in cents', () => {
    expect(refundCents(10_001, start, start - 30 * H)).toBe(7501);
    expect(refundCents(10_000, start, start - 100 * H)).toBe(10_000);
    expect(refundCents(10_000, new Date(start), new Date(start - 13 * H))).toBe(5_000);
    expect(refundCents(10_000, new Date(start).toISOString(), start - 13 * H)).toBe(5_000);
  });

  it('counts elapsed hours across the spring DST change in Tallinn', () => {
    // Clocks jump 03:00 → 04:00 on 30 March 2025: 24.5 wall-clock hours are 23.5 real hours.
    const begins = tallinnLocalToEpoch('2025-03-30T12:00');
    const cancelled = tallinnLocalToEpoch('2025-03-29T11:30');
    expect((begins - cancelled) / H).toBe(23.5);
    expect(refundPercent(begins, cancelled)).toBe(50);
  });

  it('counts elapsed hours across the autumn DST change in Tallinn', () => {
    // Clocks fall back 04:00 → 03:00 on 26 October 2025: 47.5 wall-clock hours are 48.5 real hours.
    const begins = tallinnLocalToEpoch('2025-10-27T10:00');
    const cancelled = tallinnLocalToEpoch('2025-10-25T10:30');
    expect((begins - cancelled) / H).toBe(48.5);
    expect(refundPercent(begins, cancelled)).toBe(100);
  });

  it('reads times written without an offset as Tallinn wall-clock time, not the machine zone', () => {
    // 48.5 real hours (the autumn change adds one) although the wall clock shows 47.5.
    expect(refundPercent('2025-10-27T10:00', '2025-10-25T10:30')).toBe(100);
    // Spring: 24.5 on the wall clock, 23.5 real hours.
    expect(refundPercent('2025-03-30T12:00', '2025-03-29T11:30')).toBe(50);
    expect(refundCents(10_000, '2025-03-30T12:00', '2025-03-29T11:30')).toBe(5_000);
  });
});
