import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PendingPayoutList } from 'shared-kernel/schemas';

/** Withdrawals waiting to be paid out, oldest first (admins only). */
export function getPayouts(signal?: AbortSignal): Promise<PendingPayoutList> {
  return getApi().get('/admin/payouts', { schema: PendingPayoutList, signal, forbiddenAlert: false });
}

export const payoutsQueryKey = ['admin', 'payouts'] as const;

export function payoutsQueryOptions() {
  return queryOptions({ queryKey: payoutsQueryKey, queryFn: ({ signal }) => getPayouts(signal) });
}
