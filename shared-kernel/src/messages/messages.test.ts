import { format, messages, PRODUCT_NAME, SUPPORT_EMAIL } from './index';

function leaves(value: unknown, path: string[] = []): Array<[string, unknown]> {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  }
  return [[path.join('.'), value]];
}

describe('message catalogue', () => {
  it('registers every namespace', () => {
    // Other namespaces (the slices') may be added; these must stay.
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(['common', 'domain', 'errors', 'shell', 'statuses', 'validation']));
  });

  it('holds only non-empty strings', () => {
    for (const [path, value] of leaves(messages)) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
      expect(path).not.toMatch(/\s/);
    }
  });

  it('keeps the spec texts verbatim', () => {
    expect(messages.common.forbidden).toBe('Õigused puuduvad, või on session aegunud');
    expect(messages.validation.required).toBe('Kohustuslik');
    expect(messages.validation.invalidEmail).toBe('Vale email');
    expect(messages.errors.booking.unavailable).toBe('Toode on antud ajavahemikus juba broneeritud.');
    expect(messages.errors.login.invalidCredentials).toBe('Vale email või parool');
    expect(messages.statuses.contract.FINISHED).toBe('Lõpetatud, maksed edastatud');
    expect(messages.statuses.reservation.DECLINED).toBe('Ei soovi');
  });

  it('uses camelCase keys for text keys (status maps are keyed by server codes)', () => {
    const { common, errors, validation } = messages;
    for (const [path] of leaves({ common, errors, validation })) {
      for (const part of path.split('.')) expect(part).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format(messages.errors.registration.contactSupport, { email: SUPPORT_EMAIL })).toBe(
      'Viga registreerumisel - võta ühendust info@rendime.ee',
    );
    expect(format(messages.errors.identity.welcome, { product: PRODUCT_NAME })).toBe('Tere tulemast Rendimesse!');
    expect(format('a {x} {y}', { x: 1 })).toBe('a 1 {y}');
  });
});
