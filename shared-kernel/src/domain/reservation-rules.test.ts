import { bookingCalendarDay, holdsTime, HOLDING_RESERVATION_STATUSES, periodsOverlap, RELEASED_RESERVATION_STATUSES, reservationStatusLabel } from './index';

describe('which reservations hold time', () => {
  it('REQUESTED, PENDING_PAYMENT, ACCEPTED, CAPTURED and MANUAL hold; the rest free it', () => {
    for (const s of ['REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL']) expect(holdsTime(s)).toBe(true);
    for (const s of ['DECLINED', 'DECLINED_BY_SYSTEM', 'CANCELLED', 'TERMINATED', 'FINISHED', 'whatever']) expect(holdsTime(s)).toBe(false);
    expect(HOLDING_RESERVATION_STATUSES.filter((s) => (RELEASED_RESERVATION_STATUSES as readonly string[]).includes(s))).toEqual([]);
    expect(reservationStatusLabel('REQUESTED')).toBe('Kinnitamata');
  });

  it('treats periods as end-exclusive', () => {
    expect(periodsOverlap({ startMs: 0, endMs: 10 }, { startMs: 10, endMs: 20 })).toBe(false);
    expect(periodsOverlap({ startMs: 0, endMs: 11 }, { startMs: 10, endMs: 20 })).toBe(true);
    expect(periodsOverlap({ startMs: 12, endMs: 13 }, { startMs: 10, endMs: 20 })).toBe(true);
  });
});

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
