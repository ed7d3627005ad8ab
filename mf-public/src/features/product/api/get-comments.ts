import { getApi } from 'shared-kernel/api';
import { CommentList, type Comment } from 'shared-kernel/schemas';

export function getComments(productId: number, signal?: AbortSignal): Promise<Comment[]> {
  return getApi().get(`/comments/${productId}`, { schema: CommentList, signal });
}
