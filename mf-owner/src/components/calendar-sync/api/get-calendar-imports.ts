import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CalendarImportList } from 'shared-kernel/schemas';
import { calendarImportsQueryKey } from '../model/calendar-scope';

/** The outside calendars the product follows, with how their last refresh went. */
export function getCalendarImports(productId: number, signal?: AbortSignal): Promise<CalendarImportList> {
  return getApi().get(`/products/${productId}/calendar-imports`, { schema: CalendarImportList, signal });
}

export function calendarImportsQueryOptions(productId: number) {
  return queryOptions({ queryKey: calendarImportsQueryKey(productId), queryFn: ({ signal }) => getCalendarImports(productId, signal) });
}
