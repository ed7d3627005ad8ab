import { tallinnLocalToEpoch } from 'shared-kernel/time';
import { testProduct } from '../../../testing/product-fixture';
import { HOURS_MAX, instantPeriod, periodProblem, stepValue } from './instant-book-form';

const NOW = Date.parse('2026-12-01T10:00:00Z');
const TODAY = '2026-12-01';

describe('instant book model', () => {
  it('steps within 0 and the maximum', () => {
    expect(stepValue(0, -1, HOURS_MAX)).toBe(0);
    expect(stepValue(23, 1, HOURS_MAX)).toBe(23);
    expect(stepValue(22, 1, HOURS_MAX)).toBe(23);
  });

  it('books from the opening hour, keeping it across the change to winter time', () => {
    const product = testProduct();
    expect(instantPeriod(product, { startD: '2026-10-24', days: 2, hours: 0 })).toEqual({
      startMs: tallinnLocalToEpoch('2026-10-24T08:00'),
      endMs: tallinnLocalToEpoch('2026-10-26T08:00'),
    });
    expect(instantPeriod(product, { startD: '2026-10-24', days: 0, hours: 0 })).toBeUndefined();
    expect(instantPeriod(product, { startD: '', days: 1, hours: 0 })).toBeUndefined();
  });

  it('finds the period problems the API would refuse', () => {
    const reserved = testProduct({ reservations: [{ id: 1, startTs: '2026-12-15T06:00:00Z', endTs: '2026-12-15T10:00:00Z' }] });
    expect(periodProblem(reserved, { startD: '2026-12-14', days: 0, hours: 5 }, TODAY, NOW)).toBeUndefined();
    expect(periodProblem(reserved, { startD: '2026-12-14', days: 1, hours: 0 }, TODAY, NOW)).toBe('unavailable');
    const weekdays = testProduct({ rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] });
    // Friday 11.12 to Monday 14.12: handover and return are rent days, the weekend between need not be (the API's rule).
    expect(periodProblem(weekdays, { startD: '2026-12-11', days: 3, hours: 0 }, TODAY, NOW)).toBeUndefined();
    // Friday 11.12 to Saturday 12.12: no return on a Saturday.
    expect(periodProblem(weekdays, { startD: '2026-12-11', days: 1, hours: 0 }, TODAY, NOW)).toBe('unavailable');
    const vacation = testProduct({ vacationDays: ['2026-12-12'] });
    expect(periodProblem(vacation, { startD: '2026-12-11', days: 3, hours: 0 }, TODAY, NOW)).toBe('unavailable');
    expect(periodProblem(testProduct(), { startD: '2026-12-14', days: 0, hours: 11 }, TODAY, NOW)).toBe('outsideHours');
    expect(periodProblem(testProduct(), { startD: '2026-12-14', days: 0, hours: 10 }, TODAY, NOW)).toBeUndefined();
    // Today's opening hour (08:00 Tallinn) has passed at 12:00.
    expect(periodProblem(testProduct(), { startD: TODAY, days: 1, hours: 0 }, TODAY, NOW)).toBe('startInPast');
  });
});
