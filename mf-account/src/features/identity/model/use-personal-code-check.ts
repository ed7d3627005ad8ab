import { useQuery } from '@tanstack/react-query';
import { validateIsikukood } from 'shared-kernel/domain';
import { userExistsQueryOptions } from '../api/check-user-exists';

/** Asks the server whether another account already carries this (valid) personal code. */
export function usePersonalCodeTaken(userId: number | undefined, personalCode: string, name: string, lastName: string): boolean {
  const code = personalCode.trim();
  const asking = Boolean(userId) && validateIsikukood(code);
  // The warning is advisory (the upgrade call checks again on the server): a failed check shows none.
  const { data } = useQuery({
    ...userExistsQueryOptions(userId ?? 0, { identityCode: code, name: name.trim(), lastName: lastName.trim() }),
    enabled: asking,
  });
  return asking && data === true;
}
