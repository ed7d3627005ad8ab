import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { SuspendUserAnswer } from 'shared-kernel/schemas';
import { auditLogQueryKey } from './get-audit-log';
import { adminUsersQueryKey } from './search-users';

/** Suspends a user with a reason; their sessions end and their open requests are declined. */
export function suspendUser({ userId, reason }: { userId: number; reason: string }): Promise<SuspendUserAnswer> {
  return getApi().put(`/admin/users/${userId}/suspend`, { body: { reason }, schema: SuspendUserAnswer });
}

export function suspendUserMutationOptions() {
  return mutationOptions({
    mutationFn: suspendUser,
    onSettled: async (_answer, _error, _vars, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminUsersQueryKey }),
        client.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]);
    },
  });
}
