import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import type { ChatPartyList } from 'shared-kernel/schemas';
import { OkAnswer } from '../../../components/api/clear-unread-count';
import { messagingKeys } from '../../../components/query-keys';

export function markThreadSeen(me: number, partyId: number): Promise<{ ok: true }> {
  return getApi().put(`/user-messages/user/${me}/party/${partyId}/seen`, { schema: OkAnswer });
}

/** The party stops looking unread at once; the unread count is asked again (the live stream may beat it). */
export function markThreadSeenMutationOptions(me: number) {
  return mutationOptions({
    mutationFn: (partyId: number) => markThreadSeen(me, partyId),
    onSuccess: async (_answer, partyId, _result, { client }) => {
      client.setQueryData<ChatPartyList>(messagingKeys.parties(me), (list) =>
        list?.map((p) => (p.partyId === partyId ? { ...p, seen: true } : p)),
      );
      await client.invalidateQueries({ queryKey: messagingKeys.unreadCounts(me) });
    },
  });
}
