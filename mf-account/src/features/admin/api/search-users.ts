import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AdminUserList } from 'shared-kernel/schemas';

/** Users whose name, username or e-mail contains `q` (admins only). */
export function searchUsers(q: string, signal?: AbortSignal): Promise<AdminUserList> {
  return getApi().get('/admin/users', { query: { q }, schema: AdminUserList, signal, forbiddenAlert: false });
}

export const adminUsersQueryKey = ['admin', 'users'] as const;

export function adminUsersQueryOptions(q: string) {
  return queryOptions({ queryKey: [...adminUsersQueryKey, q], queryFn: ({ signal }) => searchUsers(q, signal) });
}
