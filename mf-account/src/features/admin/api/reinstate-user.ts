import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AdminUser } from 'shared-kernel/schemas';
import { auditLogQueryKey } from './get-audit-log';
import { adminUsersQueryKey } from './search-users';

/** Lifts a suspension; the user may sign in again. */
export function reinstateUser({ userId }: { userId: number }): Promise<AdminUser> {
  return getApi().put(`/admin/users/${userId}/reinstate`, { body: {}, schema: AdminUser });
}

export function reinstateUserMutationOptions() {
  return mutationOptions({
    mutationFn: reinstateUser,
    onSettled: async (_answer, _error, _vars, _result, { client }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminUsersQueryKey }),
        client.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]);
    },
  });
}
