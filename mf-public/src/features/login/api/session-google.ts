import { getApi } from 'shared-kernel/api';
import { SessionUser } from 'shared-kernel/schemas';

export function sessionGoogle(credential: string) {
  return getApi().post('/users/session-google', { body: { credential }, schema: SessionUser });
}
