import { daySlots, gokartTotalCents, resizeRiders, slotState } from './gokart-form';

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

  it('charges 20 € per slot per rider, in cents', () => {
    expect(gokartTotalCents(2, 3)).toBe(12_000);
    expect(gokartTotalCents(0, 3)).toBe(0);
  });

  it('keeps typed names when the rider count changes', () => {
    expect(resizeRiders(['Mari', 'Jüri'], 3)).toEqual(['Mari', 'Jüri', '']);
    expect(resizeRiders(['Mari', 'Jüri'], 1)).toEqual(['Mari']);
  });
});
