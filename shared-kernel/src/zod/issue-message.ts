import type { core } from './z';
import { format, messages } from 'shared-kernel/messages';

const v = messages.validation;
type Issue = core.$ZodRawIssue;

const isEmpty = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

const BOUNDS = {
  too_small: { text: v.tooShort, choices: v.chooseAtLeast, inclusive: v.numberAtLeast, exclusive: v.numberAbove, name: 'min' },
  too_big: { text: v.tooLong, choices: v.chooseAtMost, inclusive: v.numberAtMost, exclusive: v.numberBelow, name: 'max' },
} as const;

/** A length or size out of bounds; a minimum of one (a required text or choice) reads as 'Kohustuslik'. */
function outOfBounds(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const texts = BOUNDS[issue.code];
  const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const required = issue.code === 'too_small' && limit <= 1;
  const values = { [texts.name]: limit };
  switch (issue.origin) {
    case 'string':
      return required ? v.required : format(texts.text, values);
    case 'array':
    case 'set':
      return required ? v.required : format(texts.choices, values);
    case 'number':
    case 'int':
    case 'bigint':
      return format(issue.inclusive === false ? texts.exclusive : texts.inclusive, values);
    default:
      return v.invalidValue;
  }
}

/**
 * The Estonian text of a zod issue whose schema gave none: every form parses with this as its
 * error map, so zod's own English ('Invalid input: expected boolean, received undefined') never
 * reaches the page. A schema's own message (`{ error: ... }`, a refine's text) still wins.
 */
export function zodIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(issue.input) ? v.required : v.invalidValue;
    case 'too_small':
    case 'too_big':
      return outOfBounds(issue);
    case 'invalid_format':
      return issue.format === 'email' ? v.invalidEmailAddress : v.invalidFormat;
    case 'invalid_value':
    case 'invalid_union':
      return isEmpty(issue.input) ? v.required : v.chooseOption;
    default:
      return v.invalidValue;
  }
}
