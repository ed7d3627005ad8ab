import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { BooleanAnswer } from 'shared-kernel/schemas';

export interface UserExistsBody {
  identityCode: string;
  name: string;
  lastName: string;
}

export function checkUserExists(userId: number, body: UserExistsBody, signal?: AbortSignal) {
  return getApi().post(`/users/user-exist/${userId}`, { body, schema: BooleanAnswer, signal });
}

/** Whether another account already carries this personal code (a read, though sent as POST). */
export function userExistsQueryOptions(userId: number, body: UserExistsBody) {
  return queryOptions({
    // Names only travel along: a new answer is needed only when the code changes.
    queryKey: ['users', userId, 'personal-code-taken', body.identityCode] as const,
    queryFn: ({ signal }) => checkUserExists(userId, body, signal),
  });
}
