import { netFromOwnerPriceCents, ownerPriceCents, technicalFieldProblems, technicalFieldsFor } from './index';

describe('technical fields by category (owner spec 3 and 9)', () => {
  it('gives each named category its own set, with the spec options', () => {
    const keys = (c: number, p: number | null) => technicalFieldsFor(c, p).map((f) => f.key);
    expect(keys(57, 55)).toContain('carryConfiguration');
    expect(keys(56, 8)).toEqual(expect.arrayContaining(['gear', 'seat', 'carryingWheels']));
    for (const lift of [60, 61, 62, 63, 64]) expect(keys(lift, lift === 60 ? null : 60)).toContain('liftType');
    expect(keys(59, 55)).toEqual(expect.arrayContaining(['maxCarry', 'radiusMax']));
    expect(keys(17, 1)).toEqual(expect.arrayContaining(['axleCount', 'maxCarry']));
    expect(keys(9, 8)).toContain('gear');
    expect(keys(29, 3)).toEqual(['lengthOfItem', 'width', 'height', 'weight']);
    const lift = technicalFieldsFor(62, 60).find((f) => f.key === 'engineType');
    expect(lift).toMatchObject({ options: ['Diisel', 'Bensiin', 'Elekter', 'Aku', 'Elekter/bensiin', 'Elekter/aku'] });
  });

  it('refuses fields of another category, values out of range and unknown options', () => {
    expect(technicalFieldProblems({ gear: 'automaat', seat: 5 }, 56, 8)).toEqual({});
    expect(technicalFieldProblems({ liftType: 'Käärtõstuk' }, 17, 1)).toHaveProperty('liftType');
    expect(technicalFieldProblems({ gear: 'poolautomaat' }, 56, 8)).toHaveProperty('gear');
    expect(technicalFieldProblems({ seat: 2.5 }, 56, 8)).toHaveProperty('seat');
    expect(technicalFieldProblems({ issueYear: 1800 }, 56, 8)).toHaveProperty('issueYear');
    expect(technicalFieldProblems({ canGoForeign: 'jah' }, 17, 1)).toHaveProperty('canGoForeign');
    expect(technicalFieldProblems({ width: null, gear: '' }, 17, 1)).toEqual({});
  });
});

describe("the owner's prices with VAT (owner spec 3)", () => {
  it('shows a VAT-liable owner the net plus the VAT of the day and stores what was typed net', () => {
    expect(ownerPriceCents(10_000, true, '2025-07-01')).toBe(12_400);
    expect(ownerPriceCents(10_000, false, '2025-07-01')).toBe(10_000);
    expect(netFromOwnerPriceCents(12_400, true, '2025-07-01')).toBe(10_000);
    expect(netFromOwnerPriceCents(12_400, false, '2025-07-01')).toBe(12_400);
    for (const net of [1, 99, 1_001, 4_567, 99_999])
      expect(netFromOwnerPriceCents(ownerPriceCents(net, true, '2025-07-01'), true, '2025-07-01')).toBe(net);
  });
});
