import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { clearUnreadCount, OkAnswer } from '../../../components/api/clear-unread-count';

export function markNotificationsRead(me: number): Promise<{ ok: true }> {
  return getApi().post(`/user-notifications/user/${me}/mark-read`, { schema: OkAnswer });
}

/** Once read, the notifications badge shows 0 at once, here and in every listener of the bus. */
export function markNotificationsReadMutationOptions(me: number) {
  return mutationOptions({
    mutationFn: () => markNotificationsRead(me),
    onSuccess: (_answer, _vars, _result, { client }) => clearUnreadCount(client, me, 'notifications'),
  });
}
