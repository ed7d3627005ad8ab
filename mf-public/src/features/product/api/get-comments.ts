import { queryOptions } from '@tanstack/react-query';
import type { Comment } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export function getComments(productId: number, signal?: AbortSignal): Promise<Comment[]> {
  return requestWithLazySchema('get', `/comments/${productId}`, () => import('shared-kernel/schemas').then((m) => m.CommentList), {
    signal,
  });
}

/** All questions of a product, whoever asks; invalidating this refreshes every viewer's list. */
export const commentsQueryKey = (productId: number) => ['products', productId, 'comments'] as const;

/**
 * The server answers by the session cookie (the owner sees every question, others the answered
 * ones and their own), so the viewer is part of the key: a sign-in never shows another's list.
 */
export function commentsQueryOptions(productId: number, viewerId: number | null) {
  return queryOptions({
    queryKey: [...commentsQueryKey(productId), { viewer: viewerId }] as const,
    queryFn: ({ signal }) => getComments(productId, signal),
  });
}
