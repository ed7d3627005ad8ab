import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OkResponse } from 'shared-kernel/schemas';
import { calendarLinkPath, calendarLinkQueryKey, type CalendarScope } from '../model/calendar-scope';

/** Turns the scope's private link off: calendars subscribed to it stop getting updates. */
export function revokeCalendarLink(scope: CalendarScope): Promise<OkResponse> {
  return getApi().delete(calendarLinkPath(scope), { schema: OkResponse });
}

export function revokeCalendarLinkMutationOptions(scope: CalendarScope) {
  return mutationOptions({
    mutationFn: () => revokeCalendarLink(scope),
    onSuccess: (_ok, _vars, _result, { client }) => client.setQueryData(calendarLinkQueryKey(scope), { link: null }),
  });
}
