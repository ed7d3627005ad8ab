import { mutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getApi } from 'shared-kernel/api';
import { emit } from 'shared-kernel/events';
import type { UnreadCounts } from 'shared-kernel/schemas';
import { messagingKeys } from '../../../components/query-keys';

const Ok = z.object({ ok: z.literal(true) });

export function markThreadsRead(me: number): Promise<{ ok: true }> {
  return getApi().post(`/user-messages/user/${me}/mark-read`, { schema: Ok });
}

/**
 * Spec: opening the message list marks the threads read. The top bar's message badge shows 0 at
 * once, here and in every listener of the bus; the list itself keeps showing which were new.
 */
export function markThreadsReadMutationOptions(me: number) {
  return mutationOptions({
    mutationFn: () => markThreadsRead(me),
    onSuccess: async (_answer, _vars, _result, { client }) => {
      const before = client.getQueryData<UnreadCounts>(messagingKeys.unreadCounts(me));
      // Counts not asked yet: asking them now gives the notifications' count too.
      if (!before) return client.invalidateQueries({ queryKey: messagingKeys.unreadCounts(me) });
      const counts = { ...before, messages: 0 };
      client.setQueryData(messagingKeys.unreadCounts(me), counts);
      emit('unread-counts-changed', counts);
    },
  });
}
