import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { IdentityStartResponse, type IdentityMethod } from 'shared-kernel/schemas';

export function startIdentity(method: IdentityMethod, body: { personalCode: string; phoneNumber?: string }) {
  return getApi().post(`/auth/${method}/start`, { body, schema: IdentityStartResponse });
}

export interface StartIdentityInput {
  method: IdentityMethod;
  personalCode: string;
  phoneNumber?: string;
}

export function startIdentityMutationOptions() {
  return mutationOptions({
    mutationFn: ({ method, personalCode, phoneNumber }: StartIdentityInput) =>
      startIdentity(method, { personalCode, ...(phoneNumber ? { phoneNumber } : {}) }),
  });
}
