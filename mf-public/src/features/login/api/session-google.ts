import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { SessionUser } from 'shared-kernel/schemas';

/** As with the password sign-in, a 403 (suspended account) is shown by the page, not by the global alert. */
export function sessionGoogle(credential: string) {
  return getApi().post('/users/session-google', { body: { credential }, schema: SessionUser, forbiddenAlert: false });
}

/** The session store, not a query, holds the signed-in user. */
export function sessionGoogleMutationOptions() {
  return mutationOptions({ mutationFn: sessionGoogle });
}
