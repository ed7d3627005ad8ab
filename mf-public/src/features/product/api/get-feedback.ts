import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { FeedbackList, type Feedback } from 'shared-kernel/schemas';

export function getFeedback(productId: number, signal?: AbortSignal): Promise<Feedback[]> {
  return getApi().get(`/feedback/${productId}`, { schema: FeedbackList, signal });
}

export const feedbackQueryKey = (productId: number) => ['products', productId, 'feedback'] as const;

export function feedbackQueryOptions(productId: number) {
  return queryOptions({
    queryKey: feedbackQueryKey(productId),
    queryFn: ({ signal }) => getFeedback(productId, signal),
  });
}
