import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { RefundPreview } from 'shared-kernel/schemas';

/** What cancelling would refund by the terms' schedule (a broken item is a dispute, issue 31). */
export function getRefundPreview(id: number, signal?: AbortSignal): Promise<RefundPreview> {
  return getApi().get(`/contracts/${id}/refund-preview`, { schema: RefundPreview, signal });
}

export function refundPreviewQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['contracts', id, 'refund-preview'] as const,
    queryFn: ({ signal }) => getRefundPreview(id, signal),
  });
}
