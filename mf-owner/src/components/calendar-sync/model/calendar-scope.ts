import type { CalendarFeedError } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';

/** Whose private calendar link: one product's, or all the owner's products'. */
export type CalendarScope = number | 'all';

export function calendarLinkPath(scope: CalendarScope): string {
  return scope === 'all' ? '/calendar-links/all' : `/calendar-links/products/${scope}`;
}

export const calendarLinkQueryKey = (scope: CalendarScope) => ['calendar-links', scope] as const;
export const calendarImportsQueryKey = (productId: number) => ['products', productId, 'calendar-imports'] as const;

/** The owner's words for why a followed calendar could not be read. */
export function feedErrorText(error: CalendarFeedError): string {
  return ownerTexts.calendarSync.feedErrors[error];
}
