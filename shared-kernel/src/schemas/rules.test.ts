import { EMAIL_RULE_EXAMPLES, PASSWORD_RULE_EXAMPLES } from '../testing/rule-examples';
import {
  EmailAddress,
  isStrongPassword,
  isValidEmail,
  NewPassword,
  RequiredEmail,
  RequiredPassword,
  RequiredPersonalCode,
  RequiredText,
  StrongPassword,
} from './index';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0].message;

describe('the e-mail rule (client and server)', () => {
  it.each(EMAIL_RULE_EXAMPLES.map((e) => [e.value, e.valid, e.why] as const))('%j valid=%s (%s)', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
    expect(EmailAddress.safeParse(value).success).toBe(valid);
    expect(messageOf(RequiredEmail.safeParse(value))).toBe(valid ? undefined : 'Vale email');
  });

  it("says 'Kohustuslik' for an empty or blank address, and hands on the trimmed one", () => {
    expect(messageOf(RequiredEmail.safeParse(''))).toBe('Kohustuslik');
    expect(messageOf(RequiredEmail.safeParse('   '))).toBe('Kohustuslik');
    expect(RequiredEmail.parse(' mari@example.ee ')).toBe('mari@example.ee');
  });
});

describe('the password rule (client and server)', () => {
  it.each(PASSWORD_RULE_EXAMPLES.map((e) => [e.value, e.valid, e.why] as const))('%j valid=%s (%s)', (value, valid) => {
    expect(isStrongPassword(value)).toBe(valid);
    expect(StrongPassword.safeParse(value).success).toBe(valid);
    expect(messageOf(NewPassword.safeParse(value))).toBe(
      valid ? undefined : 'Parool peab olema vähemalt 8 tähemärki pikk ning sisaldama suurtähte, väiketähte ja numbrit.',
    );
  });

  it("says 'Kohustuslik' for an empty or blank one, and never trims a password", () => {
    expect(messageOf(NewPassword.safeParse(''))).toBe('Kohustuslik');
    expect(messageOf(RequiredPassword.safeParse('  '))).toBe('Kohustuslik');
    expect(RequiredPassword.parse(' salasõna ')).toBe(' salasõna ');
  });
});

describe('other form fields', () => {
  it('required text trims and refuses blank', () => {
    expect(messageOf(RequiredText.safeParse(' \t'))).toBe('Kohustuslik');
    expect(RequiredText.parse('  Mari ')).toBe('Mari');
  });

  it('a personal code is required, then checked, and the message names the code', () => {
    expect(messageOf(RequiredPersonalCode.safeParse(''))).toBe('Kohustuslik');
    expect(messageOf(RequiredPersonalCode.safeParse(' 30303039915 '))).toBe(
      'Vigane isikukood, tuvastamise jätkamiseks sisesta palun õige isikukood: 30303039915',
    );
    expect(RequiredPersonalCode.parse(' 38507140211 ')).toBe('38507140211');
  });
});
