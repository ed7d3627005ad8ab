import { getApi } from 'shared-kernel/api';
import { Feedback, type NewFeedback } from 'shared-kernel/schemas';

/**
 * The spec's path has the trailing slash. A refusal (403 'User has no rights for feedback.') is
 * shown by the dialog with the spec's text, so the global 403 alert stays off.
 */
export function postFeedback(body: NewFeedback): Promise<Feedback> {
  return getApi().post('/feedback/', { body, schema: Feedback, forbiddenAlert: false });
}
