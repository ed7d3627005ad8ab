import { getApi } from 'shared-kernel/api';

export function resetPassword(hash: string, newPassword: string) {
  return getApi().post('/forgot-pw', { body: { hash, newPassword } });
}
