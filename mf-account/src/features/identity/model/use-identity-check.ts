import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isApiError } from 'shared-kernel/api';
import { TIMINGS } from 'shared-kernel/domain';
import type { IdentityMethod } from 'shared-kernel/schemas';
import { identityPollQueryOptions } from '../api/poll-identity';
import { startIdentityMutationOptions } from '../api/start-identity';

export type IdentityCheckState =
  | { phase: 'idle' }
  | { phase: 'starting'; method: IdentityMethod }
  | { phase: 'polling'; method: IdentityMethod; controlCode: string; token: string; secondsLeft: number }
  | { phase: 'succeeded'; method: IdentityMethod; token: string }
  | { phase: 'failed'; message: string };

type Ended = Extract<IdentityCheckState, { phase: 'succeeded' | 'failed' }>;

interface Run {
  method: IdentityMethod;
  token: string;
  controlCode: string;
  run: number;
}

export interface UseIdentityCheckOptions {
  /** Shown when the provider gives no reason or the countdown runs out (spec: 'Isikutuvastus tühistatud'). */
  defaultFailureMessage: string;
  onSucceeded?: (token: string, method: IdentityMethod) => void;
  onFailed?: (message: string) => void;
}

const SECONDS_PER_POLL = TIMINGS.identityPollIntervalMs / 1000;

/**
 * The verification state machine of the spec: idle -> starting -> polling (control code shown,
 * 60 s countdown falling 2 per poll every 2 s) -> succeeded on 'ok', failed on 'error'/'canceled'
 * (with the provider's message), on a countdown at 0 while still 'waiting', or on a network error.
 * A failed or finished check may be started again. The polling is a query with refetchInterval;
 * the phase is derived from it and from the start's answer.
 */
export function useIdentityCheck({ defaultFailureMessage, onSucceeded, onFailed }: UseIdentityCheckOptions) {
  const [run, setRun] = useState<Run | null>(null);
  // Set when the start's own answer already decided the outcome; a polled outcome is derived below.
  const [ended, setEnded] = useState<Ended | null>(null);
  // Each run has its own number, so answers of an abandoned run cannot move the new one.
  const runs = useRef(0);
  const starting = useMutation(startIdentityMutationOptions());
  const poll = useQuery({ ...identityPollQueryOptions(run?.method ?? 'smartid', run?.token ?? '', run?.run ?? 0), enabled: run !== null });

  const failure = (message: string | undefined): Ended => ({
    phase: 'failed',
    message: message && message.trim() !== '' ? message : defaultFailureMessage,
  });

  let state: IdentityCheckState = { phase: 'idle' };
  if (starting.isPending) state = { phase: 'starting', method: starting.variables.method };
  else if (ended) state = ended;
  else if (run && poll.isError) state = failure(undefined);
  else if (run) {
    const { status, message, polls } = poll.data;
    const secondsLeft = TIMINGS.identityCountdownSeconds - polls * SECONDS_PER_POLL;
    if (status === 'ok') state = { phase: 'succeeded', method: run.method, token: run.token };
    else if (status !== 'waiting') state = failure(message);
    else if (secondsLeft <= 0) state = failure(undefined);
    else state = { phase: 'polling', method: run.method, token: run.token, controlCode: run.controlCode, secondsLeft };
  }

  // A polled outcome is told to the caller once per run, when it appears.
  const polledEnd = run !== null && ended === null && (state.phase === 'succeeded' || state.phase === 'failed') ? run.run : null;
  const tellPolledEnd = useEffectEvent(() => {
    if (state.phase === 'succeeded') onSucceeded?.(state.token, state.method);
    else if (state.phase === 'failed') onFailed?.(state.message);
  });
  useEffect(() => {
    if (polledEnd !== null) tellPolledEnd();
  }, [polledEnd]);

  const end = (outcome: Ended) => {
    setEnded(outcome);
    if (outcome.phase === 'succeeded') onSucceeded?.(outcome.token, outcome.method);
    else onFailed?.(outcome.message);
  };

  const start = async (method: IdentityMethod, personalCode: string, phoneNumber?: string) => {
    const mine = ++runs.current;
    setRun(null);
    setEnded(null);
    let answer;
    try {
      answer = await starting.mutateAsync({ method, personalCode, phoneNumber });
    } catch (error) {
      // The server's refusal text (e.g. an invalid phone number) is the most useful reason.
      if (mine === runs.current) end(failure(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : undefined));
      return;
    }
    if (mine !== runs.current) return;
    if (answer.status === 'ok' && answer.token) end({ phase: 'succeeded', method, token: answer.token });
    else if (answer.status !== 'waiting' || !answer.token || !answer.controlCode) end(failure(answer.message));
    else setRun({ method, token: answer.token, controlCode: answer.controlCode, run: mine });
  };

  const reset = () => {
    runs.current += 1;
    starting.reset();
    setRun(null);
    setEnded(null);
  };

  return { state, start, reset };
}
