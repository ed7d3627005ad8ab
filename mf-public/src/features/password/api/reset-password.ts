import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';

export function resetPassword(hash: string, newPassword: string) {
  return getApi().post('/forgot-pw', { body: { hash, newPassword } });
}

/** Sets the new password; the used link is not asked again, so nothing is invalidated. */
export function resetPasswordMutationOptions() {
  return mutationOptions({
    mutationFn: ({ hash, newPassword }: { hash: string; newPassword: string }) => resetPassword(hash, newPassword),
  });
}
