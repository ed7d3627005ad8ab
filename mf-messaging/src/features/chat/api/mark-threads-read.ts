import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { clearUnreadCount, OkAnswer } from '../../../components/api/clear-unread-count';

export function markThreadsRead(me: number): Promise<{ ok: true }> {
  return getApi().post(`/user-messages/user/${me}/mark-read`, { schema: OkAnswer });
}

/** Spec: opening the message list marks the threads read; the list itself keeps showing which were new. */
export function markThreadsReadMutationOptions(me: number) {
  return mutationOptions({
    mutationFn: () => markThreadsRead(me),
    onSuccess: (_answer, _vars, _result, { client }) => clearUnreadCount(client, me, 'messages'),
  });
}
