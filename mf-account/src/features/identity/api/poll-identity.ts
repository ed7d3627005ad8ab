import { getApi } from 'shared-kernel/api';
import { IdentityPollResponse, type IdentityMethod } from 'shared-kernel/schemas';

export function pollIdentity(method: IdentityMethod, token: string) {
  return getApi().get(`/auth/${method}/poll`, { query: { token }, schema: IdentityPollResponse });
}
