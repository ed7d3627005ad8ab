import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CalendarLinkAnswer } from 'shared-kernel/schemas';
import { calendarLinkPath, calendarLinkQueryKey, type CalendarScope } from '../model/calendar-scope';

/** Whether the scope has a private calendar link, and since when (its URL is shown only when made). */
export function getCalendarLink(scope: CalendarScope, signal?: AbortSignal): Promise<CalendarLinkAnswer> {
  return getApi().get(calendarLinkPath(scope), { schema: CalendarLinkAnswer, signal });
}

export function calendarLinkQueryOptions(scope: CalendarScope) {
  return queryOptions({ queryKey: calendarLinkQueryKey(scope), queryFn: ({ signal }) => getCalendarLink(scope, signal) });
}
