import { getApi } from 'shared-kernel/api';
import { SessionUser, type LoginRequest } from 'shared-kernel/schemas';

export function login(body: LoginRequest) {
  return getApi().post('/login', { body, schema: SessionUser });
}
