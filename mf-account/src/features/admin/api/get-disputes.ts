import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { DisputeEvidence, DisputeList } from 'shared-kernel/schemas';

/** The disputes queue, open ones first (admins only). */
export function getDisputes(signal?: AbortSignal): Promise<DisputeList> {
  return getApi().get('/admin/disputes', { schema: DisputeList, signal, forbiddenAlert: false });
}

export const disputesQueryKey = ['admin', 'disputes'] as const;

export function disputesQueryOptions() {
  return queryOptions({ queryKey: disputesQueryKey, queryFn: ({ signal }) => getDisputes(signal) });
}

/** One dispute with its evidence: messages, handover marks, reports, photos. */
export function getDisputeEvidence(id: number, signal?: AbortSignal): Promise<DisputeEvidence> {
  return getApi().get(`/admin/disputes/${id}`, { schema: DisputeEvidence, signal, forbiddenAlert: false });
}

export function disputeEvidenceQueryOptions(id: number) {
  return queryOptions({ queryKey: [...disputesQueryKey, id], queryFn: ({ signal }) => getDisputeEvidence(id, signal) });
}
