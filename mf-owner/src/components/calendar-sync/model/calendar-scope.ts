import { format } from 'shared-kernel/messages';
import { CALENDAR_EVENTS_MAX, type CalendarFeedError, type CalendarFeedWarning } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { ownerTexts } from '../../../messages/et';

/** Whose private calendar link: one product's, or all the owner's products'. */
export type CalendarScope = number | 'all';

export function calendarLinkPath(scope: CalendarScope): string {
  return scope === 'all' ? '/calendar-links/all' : `/calendar-links/products/${scope}`;
}

export const calendarLinkQueryKey = (scope: CalendarScope) => ['calendar-links', scope] as const;
export const calendarImportsQueryKey = (productId: number) => ['products', productId, 'calendar-imports'] as const;
/** How often the owner's tools ask whether a calendar being read has been read (a read takes seconds). */
export const CALENDAR_READ_POLL_MS = 2000;

/** The owner's words for why a followed calendar could not be read. */
export function feedErrorText(error: CalendarFeedError): string {
  return ownerTexts.calendarSync.feedErrors[error];
}

/**
 * The owner's words for a calendar whose blocks stop short of it (TOO_MANY_EVENTS): up to when its
 * events hold the product; named by `host` where the calendar is not otherwise in sight.
 */
export function feedWarningText(warning: CalendarFeedWarning, host?: string): string {
  const values = { max: CALENDAR_EVENTS_MAX, date: formatTallinnShort(warning.honouredUntil) };
  const t = ownerTexts.calendarSync;
  return host === undefined ? format(t.tooManyEvents, values) : format(t.tooManyEventsIn, { ...values, host });
}
