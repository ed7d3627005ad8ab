import { getApi } from 'shared-kernel/api';
import { SessionUser, type LoginRequest } from 'shared-kernel/schemas';

/**
 * A 403 here is the server refusing a suspended account, which the page words itself; the global
 * 'Õigused puuduvad, või on session aegunud' alert would be a second, wrong message.
 */
export function login(body: LoginRequest) {
  return getApi().post('/login', { body, schema: SessionUser, forbiddenAlert: false });
}
