import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Feedback, type NewFeedback } from 'shared-kernel/schemas';
import { feedbackQueryKey } from './get-feedback';
import { productDetailsQueryKey } from './get-product-details';

/**
 * The spec's path has the trailing slash. A refusal (403 'User has no rights for feedback.') is
 * shown by the dialog with the spec's text, so the global 403 alert stays off.
 */
export function postFeedback(body: NewFeedback): Promise<Feedback> {
  return getApi().post('/feedback/', { body, schema: Feedback, forbiddenAlert: false });
}

/** A review; the product's reviews and its rating (in the details) are asked again before this settles. */
export function postFeedbackMutationOptions() {
  return mutationOptions({
    mutationFn: postFeedback,
    onSuccess: (_saved, body, _result, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: feedbackQueryKey(body.productId) }),
        client.invalidateQueries({ queryKey: productDetailsQueryKey(body.productId) }),
      ]),
  });
}
