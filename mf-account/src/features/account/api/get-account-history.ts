import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AccountHistory } from 'shared-kernel/schemas';
import { accountQueryKey } from '../../../api/get-account-summary';

/** The caller's latest payments, newest first (FAILED ones are never listed). */
export function getAccountHistory(size: number, signal?: AbortSignal): Promise<AccountHistory> {
  return getApi().get('/payment/my-account-history', { query: { size }, schema: AccountHistory, signal });
}

export const accountHistoryQueryKey = [...accountQueryKey, 'history'] as const;

/**
 * `pollWhile` decides from the rows held whether to ask again in `intervalMs` (after a bank
 * return, while a deposit still waits for the provider's webhook).
 */
export function accountHistoryQueryOptions(
  size: number,
  poll?: { intervalMs: number; while: (rows: AccountHistory | undefined) => boolean },
) {
  return queryOptions({
    queryKey: [...accountHistoryQueryKey, size] as const,
    queryFn: ({ signal }) => getAccountHistory(size, signal),
    refetchInterval: poll ? (query) => (poll.while(query.state.data) ? poll.intervalMs : false) : false,
    // 'Näita rohkem' keeps the 3 rows on screen while the 100 load.
    placeholderData: keepPreviousData,
  });
}
