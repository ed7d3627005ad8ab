import { ibanProblem, normalizeIban, validateIbanField } from './iban';
import { validateIban } from './index';

describe('validateIban (Estonian)', () => {
  it('accepts the spec example, also with spaces and lower case', () => {
    expect(validateIban('EE382200221020145685')).toBe(true);
    expect(validateIban('ee38 2200 2210 2014 5685')).toBe(true);
    expect(normalizeIban('ee38 2200')).toBe('EE382200');
  });

  it('rejects a changed last digit, a wrong length and an empty value', () => {
    expect(validateIban('EE382200221020145686')).toBe(false);
    expect(validateIban('EE38220022102014568')).toBe(false);
    expect(validateIban('')).toBe(false);
  });
});

describe('validateIban (any country, issue 25)', () => {
  it('accepts valid IBANs of other countries, each at its own length', () => {
    for (const iban of [
      'BE68539007547034',
      'DE89 3704 0044 0532 0130 00',
      'FI2112345600000785',
      'LV80BANK0000435195001',
      'NO9386011117947',
      'GB29NWBK60161331926819',
      'EE382200221020145685',
    ]) {
      expect([iban, validateIban(iban)]).toEqual([iban, true]);
    }
  });

  it('names what is wrong: the format, an unknown country, the length, the check digits', () => {
    expect(ibanProblem('1234567890123456')).toBe('format');
    expect(ibanProblem('ZZ68539007547034')).toBe('country');
    expect(ibanProblem('BE685390075470341')).toBe('length');
    expect(ibanProblem('BE68539007547035')).toBe('checksum');
    expect(validateIban('BE68539007547035')).toBe(false);
  });
});

describe('validateIbanField', () => {
  it('passes a foreign IBAN and keeps the spec text for an Estonian one', () => {
    expect(validateIbanField('BE68 5390 0754 7034')).toBeUndefined();
    expect(validateIbanField('')).toBeUndefined();
    expect(validateIbanField('EE382200221020145686')).toBe('Eesti IBAN on 20-kohaline kood.');
    expect(validateIbanField('221020145685')).toBe('Eesti IBAN on 20-kohaline kood.');
  });

  it('tells a foreign IBAN what is wrong, in Estonian', () => {
    expect(validateIbanField('BE685390075470')).toBe('Riigitähisega BE IBAN on 16-kohaline kood.');
    expect(validateIbanField('BE68539007547035')).toBe('IBAN-i kontrollnumbrid ei klapi: vaata üle, kas kood on õigesti sisestatud.');
    expect(validateIbanField('QQ68539007547034')).toBe('Tundmatu riigitähis QQ: IBAN algab riigitähisega, näiteks EE.');
  });
});
