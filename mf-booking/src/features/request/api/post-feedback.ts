import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Feedback, type NewFeedback } from 'shared-kernel/schemas';

/** The spec's path has the trailing slash; a refusal is shown by the form with its own text. */
export function postFeedback(body: NewFeedback): Promise<Feedback> {
  return getApi().post('/feedback/', { body, schema: Feedback, forbiddenAlert: false });
}

export function postFeedbackMutationOptions() {
  return mutationOptions({ mutationFn: postFeedback });
}
