import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from 'shared-kernel/api';
import { registrationErrorMessage, TIMINGS } from 'shared-kernel/domain';
import { AUTH_HOME } from 'shared-kernel/platform';
import type { RegisterRequest } from 'shared-kernel/schemas';
import { setSessionUser, type SessionUser } from 'shared-kernel/session';
import { registerUser } from '../api/register-user';
import { pushUserRegistered } from '../model/payload';

export interface RegisterOptions {
  /** Replaced in tests; the page reloads 1.5 s after success so every slice starts from the new session. */
  reload?: () => void;
}

/** Sends the registration; success signs the user in, reports it to analytics and opens the profile. */
export function useRegister({ reload = () => window.location.reload() }: RegisterOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const navigate = useNavigate();

  async function register(payload: RegisterRequest, before?: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    try {
      const blocked = before ? await before() : null;
      if (blocked) {
        setError(blocked);
        return;
      }
      const user = await registerUser(payload);
      setDone(true);
      setSessionUser(user as SessionUser);
      pushUserRegistered(payload.type);
      navigate(AUTH_HOME);
      // Not tied to this component: it unmounts when the profile slice takes over.
      setTimeout(reload, TIMINGS.reloadAfterSuccessMs);
    } catch (e) {
      setError(registrationErrorMessage(isApiError(e) ? e.codes : null, { business: payload.type === 'B2B' }));
    } finally {
      setBusy(false);
    }
  }

  return { register, busy, error, done };
}
