import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from 'shared-kernel/api';
import { TIMINGS } from 'shared-kernel/domain';
import type { IdentityMethod } from 'shared-kernel/schemas';
import { pollIdentity } from '../api/poll-identity';
import { startIdentity } from '../api/start-identity';

export type IdentityCheckState =
  | { phase: 'idle' }
  | { phase: 'starting'; method: IdentityMethod }
  | { phase: 'polling'; method: IdentityMethod; controlCode: string; token: string; secondsLeft: number }
  | { phase: 'succeeded'; method: IdentityMethod; token: string }
  | { phase: 'failed'; message: string };

export interface UseIdentityCheckOptions {
  /** Shown when the provider gives no reason or the countdown runs out (spec: 'Isikutuvastus tühistatud'). */
  defaultFailureMessage: string;
  onSucceeded?: (token: string, method: IdentityMethod) => void;
  onFailed?: (message: string) => void;
}

/**
 * The verification state machine of the spec: idle -> starting -> polling (control code shown,
 * 60 s countdown falling 2 per poll every 2 s) -> succeeded on 'ok', failed on 'error'/'canceled'
 * (with the provider's message), on a countdown at 0 while still 'waiting', or on a network error.
 * A failed or finished check may be started again.
 */
export function useIdentityCheck({ defaultFailureMessage, onSucceeded, onFailed }: UseIdentityCheckOptions) {
  const [state, setState] = useState<IdentityCheckState>({ phase: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Each run has its own id, so answers of an abandoned run cannot move the new one.
  const run = useRef(0);
  const callbacks = useRef({ onSucceeded, onFailed, defaultFailureMessage });
  callbacks.current = { onSucceeded, onFailed, defaultFailureMessage };

  const stop = useCallback(() => {
    run.current += 1;
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => stop, [stop]);

  const fail = useCallback((mine: number, message: string | undefined) => {
    if (mine !== run.current) return;
    const text = message && message.trim() !== '' ? message : callbacks.current.defaultFailureMessage;
    setState({ phase: 'failed', message: text });
    callbacks.current.onFailed?.(text);
  }, []);

  const schedulePoll = useCallback(
    (mine: number, method: IdentityMethod, token: string, controlCode: string, secondsLeft: number) => {
      timer.current = setTimeout(async () => {
        if (mine !== run.current) return;
        const left = secondsLeft - TIMINGS.identityPollIntervalMs / 1000;
        let answer;
        try {
          answer = await pollIdentity(method, token);
        } catch {
          fail(mine, undefined);
          return;
        }
        if (mine !== run.current) return;
        if (answer.status === 'ok') {
          setState({ phase: 'succeeded', method, token });
          callbacks.current.onSucceeded?.(token, method);
        } else if (answer.status === 'waiting') {
          if (left <= 0) {
            fail(mine, undefined);
          } else {
            setState({ phase: 'polling', method, token, controlCode, secondsLeft: left });
            schedulePoll(mine, method, token, controlCode, left);
          }
        } else {
          fail(mine, answer.message);
        }
      }, TIMINGS.identityPollIntervalMs);
    },
    [fail],
  );

  const start = useCallback(
    async (method: IdentityMethod, personalCode: string, phoneNumber?: string) => {
      stop();
      const mine = run.current;
      setState({ phase: 'starting', method });
      let answer;
      try {
        answer = await startIdentity(method, { personalCode, ...(phoneNumber ? { phoneNumber } : {}) });
      } catch (error) {
        // The server's refusal text (e.g. an invalid phone number) is the most useful reason.
        fail(mine, isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : undefined);
        return;
      }
      if (mine !== run.current) return;
      if (answer.status === 'ok' && answer.token) {
        setState({ phase: 'succeeded', method, token: answer.token });
        callbacks.current.onSucceeded?.(answer.token, method);
        return;
      }
      if (answer.status !== 'waiting' || !answer.token || !answer.controlCode) {
        fail(mine, answer.message);
        return;
      }
      const seconds = TIMINGS.identityCountdownSeconds;
      setState({ phase: 'polling', method, token: answer.token, controlCode: answer.controlCode, secondsLeft: seconds });
      schedulePoll(mine, method, answer.token, answer.controlCode, seconds);
    },
    [fail, schedulePoll, stop],
  );

  const reset = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  return { state, start, reset };
}
