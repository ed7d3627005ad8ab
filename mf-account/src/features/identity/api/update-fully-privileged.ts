import { getApi } from 'shared-kernel/api';
import { SessionUser } from 'shared-kernel/schemas';

export function updateFullyPrivileged(userId: number, body: { identityCode: string; name: string; lastName: string }) {
  // Refusals (not verified, under age) are shown by the page with the server's text.
  return getApi().put(`/users/update-fully-privileged/${userId}`, { body, schema: SessionUser, forbiddenAlert: false });
}
