import { z } from 'shared-kernel/zod';
import { format } from 'shared-kernel/messages';
import { inTallinn } from 'shared-kernel/time';
import { bookingTexts } from '../../../messages/et';

/** At most this many days (or hours, on an hourly rental's day) in one request; the server has the final word. */
export const MAX_EXTENSION_DAYS = 60;
export const MAX_EXTENSION_HOURS = 23;

/** The extension form: how many whole days (or hours on an hourly rental) to add. */
export function extensionFormSchema(hourly: boolean) {
  const max = hourly ? MAX_EXTENSION_HOURS : MAX_EXTENSION_DAYS;
  const message = format(bookingTexts.extensions.unitsInvalid, { max });
  return z.object({
    units: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, message)
      .transform(Number)
      .refine((n) => n >= 1 && n <= max, message),
  });
}
export type ExtensionFormValues = z.input<ReturnType<typeof extensionFormSchema>>;

/**
 * The new end `units` after the current one: whole days at the same Tallinn wall-clock time (a
 * DST change moves nothing), or whole hours. Undefined for anything that is not a count.
 */
export function newEndOf(endTs: string, hourly: boolean, units: string): string | undefined {
  const n = Number(units.trim());
  if (!/^\d{1,3}$/.test(units.trim()) || n < 1) return undefined;
  return (
    (inTallinn(endTs)
      .plus(hourly ? { hours: n } : { days: n })
      .toISO() ??
      undefined) ||
    undefined
  );
}
