import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { TIMINGS } from 'shared-kernel/domain';
import { IdentityPollResponse, type IdentityMethod } from 'shared-kernel/schemas';

export function pollIdentity(method: IdentityMethod, token: string, signal?: AbortSignal) {
  return getApi().get(`/auth/${method}/poll`, { query: { token }, schema: IdentityPollResponse, signal });
}

/** The provider's latest answer, and how many polls this run has made (the countdown falls by them). */
export type IdentityPoll = IdentityPollResponse & { polls: number };

/** Spec: 60 s, asked every 2 s, so at most 30 polls while the provider still says 'waiting'. */
export const IDENTITY_MAX_POLLS = TIMINGS.identityCountdownSeconds / (TIMINGS.identityPollIntervalMs / 1000);

/**
 * One verification run's polling: the first poll 2 s after the start, then every 2 s while the
 * provider says 'waiting' and the countdown lasts; a failed poll ends the run. `run` numbers the
 * runs, so a retry starts from zero polls even if the provider hands out the same token again.
 */
export function identityPollQueryOptions(method: IdentityMethod, token: string, run: number) {
  return queryOptions({
    queryKey: ['identity', method, token, 'poll', run] as const,
    queryFn: async ({ client, queryKey, signal }): Promise<IdentityPoll> => {
      const answer = await pollIdentity(method, token, signal);
      return { ...answer, polls: (client.getQueryData<IdentityPoll>(queryKey)?.polls ?? 0) + 1 };
    },
    // The run starts as 'waiting' with no poll made; fresh for ever, so only the interval asks.
    initialData: (): IdentityPoll => ({ status: 'waiting', message: '', polls: 0 }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchInterval: ({ state }) =>
      state.status !== 'error' && state.data?.status === 'waiting' && state.data.polls < IDENTITY_MAX_POLLS
        ? TIMINGS.identityPollIntervalMs
        : false,
    // The user is in the Smart-ID or Mobile-ID app meanwhile; this tab may well be in the background.
    refetchIntervalInBackground: true,
  });
}
