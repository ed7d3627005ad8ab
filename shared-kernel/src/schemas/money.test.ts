import { centsOfEuros, Euros, EurosAmount, EurosParam, eurosToCents } from './money';

describe('money on the wire (issue 29)', () => {
  it('takes amounts of whole cents, written any way JSON allows, to their exact cents', () => {
    for (const [text, cents] of [
      ['12.34', 1234],
      ['1234e-2', 1234],
      ['0.29', 29],
      ['0.1', 10],
      ['19.99', 1999],
      ['1e2', 10000],
      ['-0', 0],
      ['0', 0],
      ['1000000', 100000000],
      ['-7.5', -750],
    ] as const) {
      const euros = JSON.parse(text) as number;
      expect(Euros.safeParse(euros).success).toBe(true);
      expect(Object.is(eurosToCents(euros), cents)).toBe(true);
    }
  });

  it('refuses what is not a whole number of cents instead of rounding it (5e-9, 99.99999999, 1.005)', () => {
    for (const text of ['5e-9', '99.99999999', '1.005', '0.001', '1e-7', '12.345', '1e300', '1e400', '-1e400', '9007199254740993']) {
      const euros = JSON.parse(text) as number;
      expect(centsOfEuros(euros)).toBeNull();
      const result = Euros.safeParse(euros);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('Vigane summa');
      expect(() => eurosToCents(euros)).toThrow(RangeError);
    }
    for (const notANumber of [Number.NaN, '12.34', null, true, [], {}])
      expect(Euros.safeParse(notANumber).error?.issues[0].message).toBe('Vigane summa');
    expect(Euros.safeParse(undefined).error?.issues[0].message).toBe('Kohustustlik väli');
  });

  it('bounds a caller’s amount to 0 … 1 000 000 € and reads query text with the same rule', () => {
    expect(EurosAmount.safeParse(-0.01).success).toBe(false);
    expect(EurosAmount.safeParse(1_000_000.01).success).toBe(false);
    expect(EurosAmount.parse(1_000_000)).toBe(1_000_000);
    expect(EurosParam.parse('12.5')).toBe(12.5);
    for (const text of ['12.345', '5e-9', 'abc', 'Infinity', '1e400']) expect(EurosParam.safeParse(text).success).toBe(false);
  });
});
