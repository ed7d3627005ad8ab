import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CommentList, type Comment } from 'shared-kernel/schemas';

/** The product's questions; the server shows the owner every one of them. */
export function getComments(productId: number, signal?: AbortSignal): Promise<Comment[]> {
  return getApi().get(`/comments/${productId}`, { schema: CommentList, signal });
}

export function commentsQueryOptions(productId: number, viewerId: number | null) {
  return queryOptions({
    // The public product page's key: one cached list per viewer, shared when both slices are mounted.
    queryKey: ['products', productId, 'comments', { viewer: viewerId }] as const,
    queryFn: ({ signal }) => getComments(productId, signal),
  });
}
