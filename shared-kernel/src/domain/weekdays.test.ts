import { formatRentDays } from './index';

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
});
