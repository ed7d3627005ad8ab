import { queryOptions } from '@tanstack/react-query';
import type { Feedback } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export function getFeedback(productId: number, signal?: AbortSignal): Promise<Feedback[]> {
  return requestWithLazySchema('get', `/feedback/${productId}`, () => import('shared-kernel/schemas').then((m) => m.FeedbackList), {
    signal,
  });
}

export const feedbackQueryKey = (productId: number) => ['products', productId, 'feedback'] as const;

export function feedbackQueryOptions(productId: number) {
  return queryOptions({
    queryKey: feedbackQueryKey(productId),
    queryFn: ({ signal }) => getFeedback(productId, signal),
  });
}
