import { addEstonianWorkingDays, easterSunday, estonianPublicHolidays, isEstonianWorkingDay, payoutExpectedDate } from './working-days';

describe('Estonian working days', () => {
  it('computes Easter Sunday', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('lists the public holidays of a year, moving ones included', () => {
    expect(estonianPublicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-02-24',
      '2026-04-03',
      '2026-04-05',
      '2026-05-01',
      '2026-05-24',
      '2026-06-23',
      '2026-06-24',
      '2026-08-20',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('knows weekends and holidays are not working days', () => {
    expect(isEstonianWorkingDay('2026-04-02')).toBe(true);
    expect(isEstonianWorkingDay('2026-04-03')).toBe(false); // Good Friday
    expect(isEstonianWorkingDay('2026-04-04')).toBe(false); // Saturday
    expect(isEstonianWorkingDay('2026-06-23')).toBe(false); // Victory Day, a Tuesday
    expect(isEstonianWorkingDay('2026-12-24')).toBe(false);
  });

  it('a withdrawal on the Thursday before Good Friday is due on Wednesday, not Tuesday', () => {
    expect(payoutExpectedDate('2026-04-02T10:00:00Z')).toBe('2026-04-08');
    // An ordinary Thursday: Friday, Monday, Tuesday.
    expect(payoutExpectedDate('2026-04-16T10:00:00Z')).toBe('2026-04-21');
  });

  it('counts from the Tallinn date: 23:30 UTC on Wednesday is already Thursday in Tallinn', () => {
    expect(payoutExpectedDate('2026-04-01T21:30:00Z')).toBe('2026-04-08');
    expect(payoutExpectedDate('2026-04-01T20:30:00Z')).toBe('2026-04-07');
  });

  it('skips Midsummer and the Christmas run', () => {
    expect(payoutExpectedDate('2026-06-19T09:00:00Z')).toBe('2026-06-26'); // Fri → Mon 22, Thu 25, Fri 26
    expect(payoutExpectedDate('2026-12-22T09:00:00Z')).toBe('2026-12-29'); // Tue → Wed 23, Mon 28, Tue 29
    expect(addEstonianWorkingDays('2026-12-31T09:00:00Z', 1)).toBe('2027-01-04');
  });
});
