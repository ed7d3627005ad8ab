import { common } from './et/common';
import { domain } from './et/domain';
import { errors } from './et/errors';
import { shell } from './et/shell';
import { statuses } from './et/statuses';
import { validation } from './et/validation';
import { identity } from './et/identity';
import { payment } from './et/payment';

/**
 * The Estonian message catalogue of shared texts the browser shows: the chrome, errors, validation,
 * domain rules, statuses, payment and identity. Each namespace lives in its own file under `et/` so
 * that teams add texts without touching each other's lines.
 *
 * It is a run-time singleton the shell provides, so every page loads all of it: texts only the API
 * writes (notifications and mails, contract documents, calendar files, extensions) live in
 * `shared-kernel/messages/server`, the API's catalogue, and stay off the pages (issue 28).
 * infra/test/conventions.test.ts fails when browser code reads a namespace that is not here.
 *
 * A text only one slice shows belongs to that slice (`<slice>/src/messages/`, typed with
 * `TextCatalogue`), so the slice ships it in its own release without a kernel release first
 * (issue 14); infra/test/conventions.test.ts fails when a namespace here has one slice as its only user.
 */
export const messages = {
  common,
  domain,
  errors,
  shell,
  statuses,
  validation,
  payment,
  identity,
} as const satisfies TextCatalogue;

export type Messages = typeof messages;

/**
 * The shape of a message catalogue, the kernel's and each slice's own: nested objects whose leaves
 * are texts (or ordered lists of texts: month names, steps). A slice declares its catalogue
 * `{ ... } as const satisfies TextCatalogue`, which keeps the literal types (a missing key is a
 * type error) and refuses anything but texts.
 */
export interface TextCatalogue {
  readonly [key: string]: string | readonly string[] | TextCatalogue;
}

/** Fills `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
  );
}

export const SUPPORT_EMAIL = 'info@rendime.ee';
export const PRODUCT_NAME = 'Rendime';
