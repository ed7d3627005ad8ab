import { bookingCalendarDay } from 'shared-kernel/time';
import { daySlots, firstOpenDay, gokartTotalCents, resizeRiders, slotLabelState, slotState, trackCalendar } from './gokart-form';

const NOW = Date.parse('2026-12-01T10:00:00Z'); // 12:00 in Tallinn

describe('go-kart model', () => {
  it('puts slots at :00, :20 and :40 that end by closing time', () => {
    expect(daySlots('10:10', '11:30')).toEqual(['10:20', '10:40', '11:00']);
    expect(daySlots('22:40', '24:00')).toEqual(['22:40', '23:00', '23:20', '23:40']);
    expect(daySlots(null, null)).toEqual([]);
  });

  it('disables a slot that has started or has no room for the riders (capacity 10)', () => {
    expect(slotState('2026-12-01', '12:00', 0, 1, NOW)).toBe('past');
    expect(slotState('2026-12-01', '12:20', 7, 3, NOW)).toBe('free');
    expect(slotState('2026-12-01', '12:20', 7, 4, NOW)).toBe('full');
    expect(slotState('2026-12-02', '10:00', 0, 10, NOW)).toBe('free');
  });

  it('names a slot too small for the riders by the places it has left', () => {
    expect(slotLabelState('full', 2)).toBe('tooFew');
    expect(slotLabelState('full', 0)).toBe('full');
    expect(slotLabelState('free', 10)).toBe('free');
    expect(slotLabelState('past', 10)).toBe('past');
  });

  it("closes the track's calendar on days it does not open, never on its slot bookings", () => {
    // The demo track opens Wednesday to Sunday.
    const calendar = trackCalendar({ rentDays: ['WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], vacationDays: ['2026-12-24'] });
    expect(bookingCalendarDay('2026-12-07', calendar)).toBe('notRentDay');
    expect(bookingCalendarDay('2026-12-08', calendar)).toBe('notRentDay');
    expect(bookingCalendarDay('2026-12-24', calendar)).toBe('vacation');
    expect(bookingCalendarDay('2026-12-09', calendar)).toBe('available');
    expect(calendar.reservations).toEqual([]);
    // Monday 7 December opens on Wednesday 9; a Thursday on itself; Wednesday 23 skips the 24th.
    expect(firstOpenDay(calendar, '2026-12-07')).toBe('2026-12-09');
    expect(firstOpenDay(calendar, '2026-12-10')).toBe('2026-12-10');
    expect(firstOpenDay(calendar, '2026-12-24')).toBe('2026-12-25');
  });

  it('charges 20 € per slot per rider, in cents', () => {
    expect(gokartTotalCents(2, 3)).toBe(12_000);
    expect(gokartTotalCents(0, 3)).toBe(0);
  });

  it('keeps typed names when the rider count changes', () => {
    expect(resizeRiders(['Mari', 'Jüri'], 3)).toEqual(['Mari', 'Jüri', '']);
    expect(resizeRiders(['Mari', 'Jüri'], 1)).toEqual(['Mari']);
  });
});
