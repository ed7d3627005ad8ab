import { bookingErrorMessage, contractStatusLabel, loginErrorMessage, reservationStatusLabel } from '../domain';
import { RequiredEmail } from '../schemas';
import { format, messages, PRODUCT_NAME, SUPPORT_EMAIL } from './server';

function leaves(value: unknown, path: string[] = []): Array<[string, unknown]> {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  }
  return [[path.join('.'), value]];
}

describe('message catalogue', () => {
  // A missing namespace or key is a type error where it is used (`as const satisfies TextCatalogue`),
  // so no test restates the key list; what the compiler cannot see is an empty text on the page.
  it('holds only non-empty strings', () => {
    for (const [path, value] of leaves(messages)) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
      expect(path).not.toMatch(/\s/);
    }
  });

  // The spec's texts as a user meets them: through what turns a server answer or a status into text.
  it('shows the spec texts verbatim where they are used', () => {
    expect(loginErrorMessage({ code: 'INVALID_CREDENTIALS' })).toBe('Vale email või parool');
    expect(bookingErrorMessage(['UNAVAILABLE'])).toBe('Toode on antud ajavahemikus juba broneeritud.');
    expect(contractStatusLabel('FINISHED')).toBe('Lõpetatud, maksed edastatud');
    expect(reservationStatusLabel('DECLINED')).toBe('Ei soovi');
    expect(RequiredEmail.safeParse('').error?.issues[0].message).toBe('Kohustuslik');
    expect(RequiredEmail.safeParse('mari@').error?.issues[0].message).toBe('Vale email');
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
