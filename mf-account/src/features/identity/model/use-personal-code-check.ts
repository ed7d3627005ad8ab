import { useEffect, useState } from 'react';
import { validateIsikukood } from 'shared-kernel/domain';
import { checkUserExists } from '../api/check-user-exists';

/** Asks the server whether another account already carries this (valid) personal code. */
export function usePersonalCodeTaken(userId: number | undefined, personalCode: string, name: string, lastName: string): boolean {
  const [taken, setTaken] = useState(false);
  const code = personalCode.trim();
  const valid = validateIsikukood(code);
  useEffect(() => {
    setTaken(false);
    if (!userId || !valid) return;
    let current = true;
    checkUserExists(userId, { identityCode: code, name: name.trim(), lastName: lastName.trim() }).then(
      (exists) => {
        if (current) setTaken(exists);
      },
      // The warning is advisory; the upgrade call checks again on the server.
      () => undefined,
    );
    return () => {
      current = false;
    };
    // Names only travel along; a new answer is needed only when the code changes.
  }, [userId, code, valid]);
  return taken;
}
