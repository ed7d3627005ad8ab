import { getApi } from 'shared-kernel/api';
import { BooleanAnswer } from 'shared-kernel/schemas';

export function checkUserExists(userId: number, body: { identityCode: string; name: string; lastName: string }) {
  return getApi().post(`/users/user-exist/${userId}`, { body, schema: BooleanAnswer });
}
