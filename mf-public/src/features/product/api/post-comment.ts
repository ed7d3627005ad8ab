import { getApi } from 'shared-kernel/api';
import { Comment, type NewComment } from 'shared-kernel/schemas';

export function postComment(body: NewComment): Promise<Comment> {
  // The questions section shows its own failure text for a refusal (only the owner answers).
  return getApi().post('/comments', { body, schema: Comment, forbiddenAlert: false });
}
