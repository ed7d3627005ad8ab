import { isikukoodCheckDigit } from './isikukood';
import { birthDateFromIsikukood, validateIsikukood } from './index';

describe('validateIsikukood', () => {
  it.each(['38507140211', '49002280001', '50002290013', '60512311231', '38501140035', '38501140270'])('accepts %s', (code) => {
    expect(validateIsikukood(code)).toBe(true);
  });

  it.each([
    ['30303039915', 'checksum'],
    ['30313039914', 'month 13'],
    ['38507140212', 'last digit changed'],
    ['3850714021', 'too short'],
    ['385071402111', 'too long'],
    ['3850714021a', 'not digits'],
    ['98507140211', 'century digit 9'],
    ['08507140211', 'century digit 0'],
    ['50102290000', '29 Feb 2001 is not a date'],
    ['38504310000', '31 April'],
  ])('rejects %s (%s)', (code) => {
    expect(validateIsikukood(code)).toBe(false);
  });

  it('uses the second weights when the first pass gives 10, and 0 when both do', () => {
    // 3850114003: first pass mod 11 is 10, second pass gives 5.
    expect(isikukoodCheckDigit('3850114003')).toBe(5);
    expect(isikukoodCheckDigit('3850114027')).toBe(0);
  });

  it('rejects 29 Feb 1900 (not a leap year) but accepts 29 Feb 2000', () => {
    const code = (first10: string) => first10 + isikukoodCheckDigit(first10);
    expect(validateIsikukood(code('3000229000'))).toBe(false);
    expect(validateIsikukood(code('5000229001'))).toBe(true);
    expect(validateIsikukood(code('4960229000'))).toBe(true);
  });
});

describe('birth date', () => {
  it('reads the date with the century from the first digit', () => {
    expect(birthDateFromIsikukood('50002290013')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(birthDateFromIsikukood('38507140211')).toEqual({ year: 1985, month: 7, day: 14 });
    expect(birthDateFromIsikukood('30303039915')).toBeUndefined();
  });
});
