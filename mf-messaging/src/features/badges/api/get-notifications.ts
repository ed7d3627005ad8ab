import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { UserNotificationList } from 'shared-kernel/schemas';
import { messagingKeys } from '../../../components/query-keys';

/** All of the user's notifications, newest first (the server sends at most 100). */
export function getNotifications(me: number, signal?: AbortSignal): Promise<UserNotificationList> {
  return getApi().get(`/user-notifications/user/${me}`, { schema: UserNotificationList, signal });
}

/** Loaded each time the menu opens: always fresh, never kept. */
export function notificationsQueryOptions(me: number) {
  return queryOptions({
    queryKey: messagingKeys.notifications(me),
    queryFn: ({ signal }) => getNotifications(me, signal),
    staleTime: 0,
  });
}
