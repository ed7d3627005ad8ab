import { useQuery } from '@tanstack/react-query';
import type { Comment } from 'shared-kernel/schemas';
import { commentsQueryOptions } from '../api/get-comments';

const NO_COMMENTS: Comment[] = [];

/** The questions this viewer may see; none while loading or when the list cannot be loaded. */
export function useComments(productId: number, viewerId: number | null): Comment[] {
  return useQuery(commentsQueryOptions(productId, viewerId)).data ?? NO_COMMENTS;
}
