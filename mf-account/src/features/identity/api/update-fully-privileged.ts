import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { SessionUser } from 'shared-kernel/schemas';

export function updateFullyPrivileged(userId: number, body: { identityCode: string; name: string; lastName: string }) {
  // Refusals (not verified, under age) are shown by the page with the server's text.
  return getApi().put(`/users/update-fully-privileged/${userId}`, { body, schema: SessionUser, forbiddenAlert: false });
}

export type FullyPrivilegedUpdate = { userId: number } & Parameters<typeof updateFullyPrivileged>[1];

/** The page puts the upgraded user into the session store itself; no query of this slice caches it. */
export function updateFullyPrivilegedMutationOptions() {
  return mutationOptions({ mutationFn: ({ userId, ...body }: FullyPrivilegedUpdate) => updateFullyPrivileged(userId, body) });
}
