import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CommentList, type Comment } from 'shared-kernel/schemas';

export function getComments(productId: number, signal?: AbortSignal): Promise<Comment[]> {
  return getApi().get(`/comments/${productId}`, { schema: CommentList, signal });
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
