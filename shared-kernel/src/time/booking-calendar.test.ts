import { bookingCalendarDay } from './index';

describe('bookingCalendarDay', () => {
  const product = {
    rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const,
    vacationDays: ['2025-06-04'],
    startTs: '08:00',
    endTs: '18:00',
    // Monday 9 June 08:00 to Tuesday 08:00 (Tallinn, UTC+3).
    reservations: [{ startTs: '2025-06-09T05:00:00.000Z', endTs: '2025-06-10T05:00:00.000Z' }],
  };

  it('marks days off, vacation days and taken days', () => {
    expect(bookingCalendarDay('2025-06-02', product)).toBe('available');
    expect(bookingCalendarDay('2025-06-07', product)).toBe('notRentDay');
    expect(bookingCalendarDay('2025-06-04', product)).toBe('vacation');
    expect(bookingCalendarDay('2025-06-09', product)).toBe('reserved');
    // The return at Tuesday's opening hour leaves the rest of Tuesday free.
    expect(bookingCalendarDay('2025-06-10', product)).toBe('available');
  });

  it('treats an empty rent-day list as every day (shown as E-P)', () => {
    expect(bookingCalendarDay('2025-06-07', { ...product, rentDays: [] })).toBe('available');
  });
});
