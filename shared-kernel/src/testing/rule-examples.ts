/**
 * One table of examples for the shared e-mail and password rules. The kernel's unit test runs it
 * through the form schemas and the API test through the real routes, so client and server are
 * proven to accept and refuse the same values (ADR 0007).
 */
export interface RuleExample {
  value: string;
  valid: boolean;
  why: string;
}

export const EMAIL_RULE_EXAMPLES: readonly RuleExample[] = [
  { value: 'mari@example.ee', valid: true, why: 'a plain address' },
  { value: '  mari@example.ee  ', valid: true, why: 'spaces around are trimmed' },
  { value: 'Mari.Maasikas+rent@sub.rendime.ee', valid: true, why: 'dots, plus and a sub-domain' },
  { value: "o'brien@example.com", valid: true, why: 'an apostrophe in the local part' },
  { value: 'jüri@rendime.ee', valid: false, why: 'a non-ASCII local part' },
  { value: 'jyri@rändime.ee', valid: false, why: 'a non-ASCII domain' },
  { value: 'a@b.c', valid: false, why: 'a one-letter top-level domain' },
  { value: 'mari@example', valid: false, why: 'no top-level domain' },
  { value: 'mari example.ee', valid: false, why: 'no @' },
  { value: 'mari@@example.ee', valid: false, why: 'two @' },
  { value: 'mari..m@example.ee', valid: false, why: 'two dots in a row' },
  { value: `${'a'.repeat(250)}@x.ee`, valid: false, why: 'longer than 254 characters' },
];

export const PASSWORD_RULE_EXAMPLES: readonly RuleExample[] = [
  { value: 'Salasona1', valid: true, why: 'upper, lower, digit, 9 characters' },
  { value: 'Õunapuu1', valid: true, why: 'Estonian letters count as upper and lower case' },
  { value: 'Aa1😀😀😀😀😀', valid: true, why: '8 characters, of which 5 emoji (13 UTF-16 units)' },
  { value: 'Parool1', valid: false, why: '7 characters' },
  { value: 'Aa1😀😀', valid: false, why: '5 characters, though 7 UTF-16 units' },
  { value: 'Aa1😀😀😀', valid: false, why: '6 characters, though 9 UTF-16 units' },
  { value: 'parool12', valid: false, why: 'no upper-case letter' },
  { value: 'PAROOL12', valid: false, why: 'no lower-case letter' },
  { value: 'Paroolik', valid: false, why: 'no digit' },
];
