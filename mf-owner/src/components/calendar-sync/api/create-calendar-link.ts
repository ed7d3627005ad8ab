import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CalendarLinkAnswer } from 'shared-kernel/schemas';
import { calendarLinkPath, calendarLinkQueryKey, type CalendarScope } from '../model/calendar-scope';

/** A new private link for the scope; the previous one stops working. */
export function createCalendarLink(scope: CalendarScope): Promise<CalendarLinkAnswer> {
  return getApi().post(calendarLinkPath(scope), { schema: CalendarLinkAnswer });
}

export function createCalendarLinkMutationOptions(scope: CalendarScope) {
  return mutationOptions({
    mutationFn: () => createCalendarLink(scope),
    // The answer carries the URL, which a later read never does: it is kept in the cache as given.
    onSuccess: (answer, _vars, _result, { client }) => client.setQueryData(calendarLinkQueryKey(scope), answer),
  });
}
