import { dayAfterKey, shiftDayByMonths } from './calendar-model';

// Wednesday 16 December 2026.
const day = '2026-12-16';

describe('calendar keys (WAI-ARIA APG date picker)', () => {
  it('moves by a day and a week, across months and years', () => {
    expect(dayAfterKey(day, 'ArrowLeft')).toBe('2026-12-15');
    expect(dayAfterKey(day, 'ArrowRight')).toBe('2026-12-17');
    expect(dayAfterKey(day, 'ArrowUp')).toBe('2026-12-09');
    expect(dayAfterKey(day, 'ArrowDown')).toBe('2026-12-23');
    expect(dayAfterKey('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(dayAfterKey('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
  });

  it('goes to Monday with Home and to Sunday with End', () => {
    expect(dayAfterKey(day, 'Home')).toBe('2026-12-14');
    expect(dayAfterKey(day, 'End')).toBe('2026-12-20');
    expect(dayAfterKey('2026-12-14', 'Home')).toBe('2026-12-14');
    expect(dayAfterKey('2026-12-20', 'End')).toBe('2026-12-20');
    // The week of Tuesday 1 December starts in November.
    expect(dayAfterKey('2026-12-01', 'Home')).toBe('2026-11-30');
  });

  it('turns a month with PageUp/PageDown and a year with Shift, keeping the day or the month end', () => {
    expect(dayAfterKey(day, 'PageUp')).toBe('2026-11-16');
    expect(dayAfterKey(day, 'PageDown')).toBe('2027-01-16');
    expect(dayAfterKey(day, 'PageUp', true)).toBe('2025-12-16');
    expect(dayAfterKey(day, 'PageDown', true)).toBe('2027-12-16');
    expect(dayAfterKey('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(dayAfterKey('2028-02-29', 'PageDown', true)).toBe('2029-02-28');
    expect(shiftDayByMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('leaves other keys to the page', () => {
    expect(dayAfterKey(day, 'Tab')).toBeUndefined();
    expect(dayAfterKey(day, 'Enter')).toBeUndefined();
  });
});
