import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AccountSummary } from 'shared-kernel/schemas';

/** The caller's balance, the owner's pending rent and the contracts waiting for the caller's payment. */
export function getAccountSummary(signal?: AbortSignal): Promise<AccountSummary> {
  return getApi().get('/payment/unpaid-contracts', { schema: AccountSummary, signal });
}

/** Everything the money account shows lives under this key, so one invalidation refreshes it all (the profile reads the summary too). */
export const accountQueryKey = ['account'] as const;
export const accountSummaryQueryKey = [...accountQueryKey, 'summary'] as const;

export function accountSummaryQueryOptions(refetchIntervalMs: number | false = false) {
  return queryOptions({
    queryKey: accountSummaryQueryKey,
    queryFn: ({ signal }) => getAccountSummary(signal),
    refetchInterval: refetchIntervalMs,
  });
}
