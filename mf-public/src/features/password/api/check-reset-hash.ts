import { getApi } from 'shared-kernel/api';
import { BooleanAnswer } from 'shared-kernel/schemas';

export function checkResetHash(hash: string) {
  return getApi().get(`/forgot-pw/${encodeURIComponent(hash)}`, { schema: BooleanAnswer });
}
