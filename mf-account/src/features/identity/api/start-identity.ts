import { getApi } from 'shared-kernel/api';
import { IdentityStartResponse, type IdentityMethod } from 'shared-kernel/schemas';

export function startIdentity(method: IdentityMethod, body: { personalCode: string; phoneNumber?: string }) {
  return getApi().post(`/auth/${method}/start`, { body, schema: IdentityStartResponse });
}
