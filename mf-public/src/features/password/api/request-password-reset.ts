import { getApi } from 'shared-kernel/api';

export function requestPasswordReset(email: string) {
  return getApi().put('/forgot-pw', { body: { email } });
}
