import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { RefundPreview } from 'shared-kernel/schemas';

/** What cancelling would refund; `reason` only for 'item was broken'. */
export function getRefundPreview(id: number, reason: string | undefined, signal?: AbortSignal): Promise<RefundPreview> {
  return getApi().get(`/contracts/${id}/refund-preview`, { query: { reason }, schema: RefundPreview, signal });
}

export function refundPreviewQueryOptions(id: number, reason: string | undefined) {
  return queryOptions({
    queryKey: ['contracts', id, 'refund-preview', reason ?? null] as const,
    queryFn: ({ signal }) => getRefundPreview(id, reason, signal),
  });
}
