import { common } from './et/common';
import { domain } from './et/domain';
import { errors } from './et/errors';
import { shell } from './et/shell';
import { account } from './et/account';
import { booking } from './et/booking';
import { messaging } from './et/messaging';
import { owner } from './et/owner';
import { publicSite } from './et/public-site';
import { registration } from './et/registration';
import { legal } from './et/legal';
import { statuses } from './et/statuses';
import { validation } from './et/validation';
import { identity } from './et/identity';
import { search } from './et/search';
import { product } from './et/product';
import { notifications } from './et/notifications';
import { contractDocument } from './et/contract-document';
import { payment } from './et/payment';

/**
 * The Estonian message catalogue. Each namespace lives in its own file under `et/` so that
 * teams add texts without touching each other's lines.
 */
export const messages = {
  common,
  domain,
  errors,
  shell,
  statuses,
  validation,
  account,
  payment,
  booking,
  messaging,
  owner,
  publicSite,
  registration,
  legal,
  identity,
  search,
  product,
  notifications,
  contractDocument,
} as const;

export type Messages = typeof messages;

/** Fills `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(params, key) ? String(params[key]) : whole,
  );
}

export const SUPPORT_EMAIL = 'info@rendime.ee';
export const PRODUCT_NAME = 'Rendime';
