import { normalizeIban, validateEstonianIban } from './index';

describe('validateEstonianIban', () => {
  it('accepts the spec example, also with spaces and lower case', () => {
    expect(validateEstonianIban('EE382200221020145685')).toBe(true);
    expect(validateEstonianIban('ee38 2200 2210 2014 5685')).toBe(true);
    expect(normalizeIban('ee38 2200')).toBe('EE382200');
  });

  it('rejects a changed last digit, a wrong length and another country', () => {
    expect(validateEstonianIban('EE382200221020145686')).toBe(false);
    expect(validateEstonianIban('EE38220022102014568')).toBe(false);
    expect(validateEstonianIban('DE89370400440532013000')).toBe(false);
    expect(validateEstonianIban('')).toBe(false);
  });
});
