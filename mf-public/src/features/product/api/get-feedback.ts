import { getApi } from 'shared-kernel/api';
import { FeedbackList, type Feedback } from 'shared-kernel/schemas';

export function getFeedback(productId: number, signal?: AbortSignal): Promise<Feedback[]> {
  return getApi().get(`/feedback/${productId}`, { schema: FeedbackList, signal });
}
