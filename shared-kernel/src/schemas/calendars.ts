import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';

/**
 * Issue 32: the owner's private calendar links (iCal export) and the outside calendars followed per
 * product (iCal import). docs/adr/0046-calendar-export-and-import.md.
 */

/** How many outside calendars one product may follow. */
export const CALENDAR_IMPORTS_MAX = 5;
/** How many of an outside calendar's coming blocked periods the owner's tools list by date. */
export const CALENDAR_BLOCKS_LISTED = 5;
/**
 * The most coming events one outside calendar blocks the product with: a calendar with more has its
 * soonest ones kept and a TOO_MANY_EVENTS warning saying up to when.
 */
export const CALENDAR_EVENTS_MAX = 2000;
/** Longest calendar address accepted. */
export const CALENDAR_URL_MAX = 2000;

/**
 * A private link as the owner's tools see it: the URL only right after it is made (only a hash of
 * its token is kept), otherwise when it was made.
 */
export const CalendarLink = z.object({
  createdTs: z.string(),
  /** Present only in the answer that made the link. */
  url: z.url().optional(),
});
export type CalendarLink = z.infer<typeof CalendarLink>;

export const CalendarLinkAnswer = z.object({ link: CalendarLink.nullable() });
export type CalendarLinkAnswer = z.infer<typeof CalendarLinkAnswer>;

/** Why the last refresh of an outside calendar failed. */
export const CalendarFeedError = z.enum(['FETCH_FAILED', 'TIMEOUT', 'HTTP_STATUS', 'TOO_LARGE', 'NOT_CALENDAR', 'ADDRESS_REFUSED']);
export type CalendarFeedError = z.infer<typeof CalendarFeedError>;

/**
 * A good read that could not keep everything: the calendar holds more than `CALENDAR_EVENTS_MAX`
 * coming events, so only those starting before `honouredUntil` (ISO instant) block the product.
 * It describes the blocks in force, so a later failed read leaves it standing.
 */
export const CalendarFeedWarning = z.object({ code: z.enum(['TOO_MANY_EVENTS']), honouredUntil: z.string() });
export type CalendarFeedWarning = z.infer<typeof CalendarFeedWarning>;

/** How the owner's tools name an outside calendar: its address's host (the whole address if it has none). */
export function calendarHost(url: string): string {
  return URL.canParse(url) ? new URL(url).host || url : url;
}

export const CalendarImport = z.object({
  id: z.number().int(),
  url: z.string(),
  createdTs: z.string(),
  lastAttemptTs: z.string().nullable(),
  lastSuccessTs: z.string().nullable(),
  error: CalendarFeedError.nullable(),
  /** Set when the blocks in force are not the whole calendar (see CalendarFeedWarning). */
  warning: CalendarFeedWarning.nullable(),
  /** Periods the calendar holds from now on (after its last good refresh). */
  blockedCount: z.number().int(),
  /** The first `CALENDAR_BLOCKS_LISTED` of them by start (ISO instants), for the owner to recognise. */
  upcoming: z.array(z.object({ startTs: z.string(), endTs: z.string() })).max(CALENDAR_BLOCKS_LISTED),
  /**
   * Being read: the owner added it or asked to read it again, and the job queue has not finished
   * that read yet. The other fields are the state before it (a new calendar: never attempted).
   */
  pending: z.boolean(),
});
export type CalendarImport = z.infer<typeof CalendarImport>;

export const CalendarImportList = z.array(CalendarImport);
export type CalendarImportList = z.infer<typeof CalendarImportList>;

/** An address to follow: https or webcal (the API allows http to this machine only for its tests' local feeds). */
export const NewCalendarImport = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(CALENDAR_URL_MAX)
    // A webcal address is read as https, so it must be one as https too (webcal://a%zz/x parses only as webcal).
    .refine((value) => /^(https?|webcal):\/\//i.test(value) && URL.canParse(value.replace(/^webcal:\/\//i, 'https://')), {
      message: messages.errors.calendar.importUrlInvalid,
    }),
});
export type NewCalendarImport = z.infer<typeof NewCalendarImport>;

export const CalendarImportParams = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  importId: z.coerce.number().int().positive().max(2147483647),
});
export type CalendarImportParams = z.infer<typeof CalendarImportParams>;

/** The public calendar file: `<token>.ics`, the token 32 random bytes in base64url. */
export const CalendarFileParams = z.object({ file: z.string().max(100) });

export const CALENDAR_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
