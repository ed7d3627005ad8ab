import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { REMOTE_REPORTS_PATH, RemoteReportsAnswer } from 'shared-kernel/schemas';

/** The latest load/mount reports of the remotes and the last 24 hours per remote version (admins only). */
export function getRemoteReports(signal?: AbortSignal): Promise<RemoteReportsAnswer> {
  // A refusal is shown by the page itself (the access-denied text), not as a second notice.
  return getApi().get(REMOTE_REPORTS_PATH, { schema: RemoteReportsAnswer, signal, forbiddenAlert: false });
}

export const remoteReportsQueryKey = ['admin', 'remote-reports'] as const;

export function remoteReportsQueryOptions() {
  return queryOptions({
    queryKey: remoteReportsQueryKey,
    queryFn: ({ signal }) => getRemoteReports(signal),
    // A health page is looked at while something is wrong: keep it fresh.
    refetchInterval: 30_000,
  });
}
