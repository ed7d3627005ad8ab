import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { isApiError } from 'shared-kernel/api';
import { registrationErrorMessage, TIMINGS } from 'shared-kernel/domain';
import { AUTH_HOME } from 'shared-kernel/platform';
import type { RegisterRequest } from 'shared-kernel/schemas';
import { setSessionUser, type SessionUser } from 'shared-kernel/session';
import { registerUserMutationOptions } from '../api/register-user';
import { pushUserRegistered } from '../model/payload';
import { registrationErrorField } from '../model/signup-form';

export interface RegisterOptions {
  /** Replaced in tests; the page reloads 1.5 s after success so every slice starts from the new session. */
  reload?: () => void;
}

/** Why a registration was refused: the spec's text, and the field it is about (null: the whole form). */
export interface RegisterFailure {
  field: 'email' | 'password' | null;
  message: string;
}

/** Sends the registration; success signs the user in, reports it to analytics and opens the profile. */
export function useRegister({ reload = () => window.location.reload() }: RegisterOptions = {}) {
  const [done, setDone] = useState(false);
  const navigate = useNavigate();
  const send = useMutation(registerUserMutationOptions());

  /** `before` may stop the registration with a form-level message (the business check). */
  async function register(payload: RegisterRequest, before?: () => Promise<string | null>): Promise<RegisterFailure | null> {
    try {
      const blocked = before ? await before() : null;
      if (blocked) return { field: null, message: blocked };
      const user = await send.mutateAsync(payload);
      setDone(true);
      setSessionUser(user as SessionUser);
      pushUserRegistered(payload.type);
      void navigate(AUTH_HOME);
      // Not tied to this component: it unmounts when the profile slice takes over.
      setTimeout(reload, TIMINGS.reloadAfterSuccessMs);
      return null;
    } catch (e) {
      const codes = isApiError(e) ? e.codes : null;
      return { field: registrationErrorField(codes), message: registrationErrorMessage(codes, { business: payload.type === 'B2B' }) };
    }
  }

  return { register, done };
}
