import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CountAnswer } from 'shared-kernel/schemas';

/** Requests to the caller's products still waiting for an answer. */
export function getOpenRequestsCount(signal?: AbortSignal): Promise<number> {
  return getApi().get('/reservations/count', { schema: CountAnswer, signal });
}

export function openRequestsCountQueryOptions() {
  return queryOptions({ queryKey: ['profile', 'open-requests'] as const, queryFn: ({ signal }) => getOpenRequestsCount(signal) });
}
