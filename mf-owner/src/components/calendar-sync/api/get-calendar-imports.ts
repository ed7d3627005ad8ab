import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CalendarImportList } from 'shared-kernel/schemas';
import { CALENDAR_READ_POLL_MS, calendarImportsQueryKey } from '../model/calendar-scope';

/** The outside calendars the product follows, with how their last refresh went. */
export function getCalendarImports(productId: number, signal?: AbortSignal): Promise<CalendarImportList> {
  return getApi().get(`/products/${productId}/calendar-imports`, { schema: CalendarImportList, signal });
}

/**
 * Asked again every `CALENDAR_READ_POLL_MS` while one of the calendars is being read (the job
 * queue reads it after the answer that added it), and not otherwise.
 */
export function calendarImportsQueryOptions(productId: number) {
  return queryOptions({
    queryKey: calendarImportsQueryKey(productId),
    queryFn: ({ signal }) => getCalendarImports(productId, signal),
    refetchInterval: (query) => (query.state.data?.some((row) => row.pending) ? CALENDAR_READ_POLL_MS : false),
  });
}
