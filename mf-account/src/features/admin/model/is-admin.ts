import { ROLES } from 'shared-kernel/domain';

/** Whether the signed-in user is a platform administrator (the API checks the same role). */
export function isAdmin(user: { roles: readonly string[] } | null | undefined): boolean {
  return Boolean(user?.roles.includes(ROLES.admin));
}
