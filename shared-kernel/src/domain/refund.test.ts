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
});

describe('tallinnLocalToEpoch', () => {
  it('uses +02:00 in winter and +03:00 in summer', () => {
    expect(new Date(tallinnLocalToEpoch('2025-01-15T10:00')).toISOString()).toBe('2025-01-15T08:00:00.000Z');
    expect(new Date(tallinnLocalToEpoch('2025-07-15 10:00:30')).toISOString()).toBe('2025-07-15T07:00:30.000Z');
    expect(new Date(tallinnLocalToEpoch('2025-07-15')).toISOString()).toBe('2025-07-14T21:00:00.000Z');
  });

  it('resolves a skipped time one hour later and an ambiguous one to its first occurrence', () => {
    expect(new Date(tallinnLocalToEpoch('2025-03-30T03:30')).toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(new Date(tallinnLocalToEpoch('2025-10-26T03:30')).toISOString()).toBe('2025-10-26T00:30:00.000Z');
  });

  it('rejects malformed input', () => {
    expect(() => tallinnLocalToEpoch('30.03.2025')).toThrow(RangeError);
  });
});
