import { mutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getApi } from 'shared-kernel/api';
import { emit } from 'shared-kernel/events';
import type { UnreadCounts } from 'shared-kernel/schemas';
import { messagingKeys } from '../../../components/query-keys';

const Ok = z.object({ ok: z.literal(true) });

export function markNotificationsRead(me: number): Promise<{ ok: true }> {
  return getApi().post(`/user-notifications/user/${me}/mark-read`, { schema: Ok });
}

/** Once read, the notifications badge shows 0 at once, here and in every listener of the bus. */
export function markNotificationsReadMutationOptions(me: number) {
  return mutationOptions({
    mutationFn: () => markNotificationsRead(me),
    onSuccess: (_answer, _vars, _result, { client }) => {
      const before = client.getQueryData<UnreadCounts>(messagingKeys.unreadCounts(me));
      const counts = { messages: before?.messages ?? 0, notifications: 0 };
      client.setQueryData(messagingKeys.unreadCounts(me), counts);
      emit('unread-counts-changed', counts);
    },
  });
}
