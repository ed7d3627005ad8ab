import { formatRentDays, WEEKDAY_INDEX, weekdayFromIndex } from './index';

describe('formatRentDays', () => {
  it.each([
    [[], 'E-P'],
    [null, 'E-P'],
    [undefined, 'E-P'],
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], 'E - R'],
    [['FRIDAY', 'MONDAY', 'WEDNESDAY', 'TUESDAY', 'THURSDAY'], 'E - R'],
    [['MONDAY', 'TUESDAY'], 'E, T'],
    [['MONDAY', 'WEDNESDAY', 'FRIDAY'], 'E, K, R'],
    [['SATURDAY', 'SUNDAY', 'MONDAY'], 'L - E'],
    [['FRIDAY', 'SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY'], 'R - T'],
    [['SATURDAY', 'SUNDAY'], 'L, P'],
    [['SUNDAY'], 'P'],
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'FRIDAY'], 'E - K, R'],
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], 'E - P'],
    [['monday', 'MONDAY', 'NOTADAY'], 'E'],
  ])('%j → %s', (days, expected) => {
    expect(formatRentDays(days as string[] | null | undefined)).toBe(expected);
  });

  it('maps indices Sunday=0 .. Saturday=6 like Date#getDay', () => {
    expect(WEEKDAY_INDEX.SUNDAY).toBe(0);
    expect(WEEKDAY_INDEX.SATURDAY).toBe(6);
    expect(weekdayFromIndex(0)).toBe('SUNDAY');
    expect(weekdayFromIndex(1)).toBe('MONDAY');
    expect(weekdayFromIndex(new Date('2025-01-04T12:00:00Z').getUTCDay())).toBe('SATURDAY');
  });
});
