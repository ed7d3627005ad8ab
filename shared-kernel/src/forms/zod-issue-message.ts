import type { z } from 'zod';
import { format, messages } from '../messages';

const v = messages.validation;
type Issue = z.core.$ZodRawIssue;

const isEmpty = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return min <= 1 ? v.required : format(v.tooShort, { min });
    case 'array':
    case 'set':
      return min <= 1 ? v.required : format(v.chooseAtLeast, { min });
    case 'number':
    case 'int':
    case 'bigint':
      return format(issue.inclusive === false ? v.numberAbove : v.numberAtLeast, { min });
    default:
      return v.invalidValue;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return format(v.tooLong, { max });
    case 'array':
    case 'set':
      return format(v.chooseAtMost, { max });
    case 'number':
    case 'int':
    case 'bigint':
      return format(issue.inclusive === false ? v.numberBelow : v.numberAtMost, { max });
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
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return issue.format === 'email' ? v.invalidEmailAddress : v.invalidFormat;
    case 'invalid_value':
    case 'invalid_union':
      return isEmpty(issue.input) ? v.required : v.chooseOption;
    default:
      return v.invalidValue;
  }
}
