import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Comment, type NewComment } from 'shared-kernel/schemas';
import { commentsQueryKey } from './get-comments';

export function postComment(body: NewComment): Promise<Comment> {
  // The questions section shows its own failure text for a refusal (only the owner answers).
  return getApi().post('/comments', { body, schema: Comment, forbiddenAlert: false });
}

/** A question or an answer; the product's question list is asked again before this settles. */
export function postCommentMutationOptions() {
  return mutationOptions({
    mutationFn: postComment,
    onSuccess: (_saved, body, _result, { client }) => client.invalidateQueries({ queryKey: commentsQueryKey(body.productId) }),
  });
}
