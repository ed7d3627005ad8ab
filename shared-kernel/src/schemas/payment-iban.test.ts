import { UserSettingsUpdate } from './index';

describe('UserSettingsUpdate.accountNr', () => {
  it('takes a foreign IBAN, normalised (issue 25: owners abroad get paid)', () => {
    expect(UserSettingsUpdate.parse({ accountNr: 'be68 5390 0754 7034' }).accountNr).toBe('BE68539007547034');
    expect(UserSettingsUpdate.parse({ accountNr: '' }).accountNr).toBe('');
  });

  it('refuses an invalid one with the Estonian text', () => {
    const result = UserSettingsUpdate.safeParse({ accountNr: 'EE12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Eesti IBAN on 20-kohaline kood.']);
  });
});
