import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';

export function requestPasswordReset(email: string) {
  return getApi().put('/forgot-pw', { body: { email } });
}

/** Sends the reset link; nothing cached changes. */
export function requestPasswordResetMutationOptions() {
  return mutationOptions({ mutationFn: requestPasswordReset });
}
