import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { normalizeMobileIdPhone } from 'shared-kernel/schemas';

/** A local mobile number typed without the country code is Estonian; spaces are dropped. */
export function toInternationalPhone(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  return /^(5\d{6,7}|8[1-4]\d{6})$/.test(compact) ? `+372${compact}` : compact;
}

/**
 * 'Vale telefoni number' for a typed number the identity providers cannot take (the same rule as
 * the server's: +372 or +370 and 7-9 digits, the demo numbers included); empty is not an error here,
 * the buttons simply stay disabled.
 */
export function phoneError(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return normalizeMobileIdPhone(toInternationalPhone(trimmed)) ? undefined : messages.validation.invalidPhone;
}

/**
 * The identity check's one field. Empty is allowed (the provider buttons wait for a number); a
 * number the providers cannot take says 'Vale telefoni number'. The output is the number in the
 * international form the providers are sent.
 */
export const IdentityPhoneForm = z.object({
  phoneNumber: z
    .string()
    .refine((value) => phoneError(value) === undefined, messages.validation.invalidPhone)
    .transform((value) => toInternationalPhone(value.trim())),
});
export type IdentityPhoneValues = z.input<typeof IdentityPhoneForm>;
