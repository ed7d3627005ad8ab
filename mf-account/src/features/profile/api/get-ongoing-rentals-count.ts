import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CountAnswer } from 'shared-kernel/schemas';

/** The caller's contracts that are running now (accepted or captured), as renter or owner. */
export function getOngoingRentalsCount(signal?: AbortSignal): Promise<number> {
  return getApi().get('/contracts/accepted-count', { schema: CountAnswer, signal });
}

export function ongoingRentalsCountQueryOptions() {
  return queryOptions({ queryKey: ['profile', 'ongoing-rentals'] as const, queryFn: ({ signal }) => getOngoingRentalsCount(signal) });
}
