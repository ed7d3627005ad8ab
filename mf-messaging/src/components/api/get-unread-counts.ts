import { queryOptions } from '@tanstack/react-query';
import { z } from 'shared-kernel/zod';
import { getApi } from 'shared-kernel/api';
import { emit } from 'shared-kernel/events';
import { UNREAD_POLL_MS, type UnreadCounts } from 'shared-kernel/schemas';
import { messagingKeys } from '../query-keys';

const Count = z.number().int().min(0);

/** Unread threads (`count-chats`) and unread notifications (`count`), asked together: the top bar shows both. */
export async function getUnreadCounts(me: number, signal?: AbortSignal): Promise<UnreadCounts> {
  const api = getApi();
  const [messages, notifications] = await Promise.all([
    api.get(`/user-messages/user/${me}/count-chats`, { schema: Count, signal }),
    api.get(`/user-notifications/user/${me}/count`, { schema: Count, signal }),
  ]);
  const counts = { messages, notifications };
  // Other slices (the shell's title, for one) follow the counts through the bus, however they were learnt.
  emit('unread-counts-changed', counts);
  return counts;
}

/** Polls every 45 s only while the live stream is down; while it is open the stream pushes the counts. */
export function unreadCountsQueryOptions(me: number, streamOpen: boolean) {
  return queryOptions({
    queryKey: messagingKeys.unreadCounts(me),
    queryFn: ({ signal }) => getUnreadCounts(me, signal),
    refetchInterval: streamOpen ? false : UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
