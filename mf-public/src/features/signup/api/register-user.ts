import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { SessionUser, type RegisterRequest } from 'shared-kernel/schemas';

export function registerUser(body: RegisterRequest) {
  // A refused representative check (403 IDENTITY_NOT_VERIFIED) is shown by the form; the visitor
  // has no session, so the global 'session expired' alert would mislead.
  return getApi().post('/users/register', { body, schema: SessionUser, forbiddenAlert: false });
}

/** The new session is set by the caller; no query of this slice lists users. */
export function registerUserMutationOptions() {
  return mutationOptions({ mutationFn: registerUser });
}
