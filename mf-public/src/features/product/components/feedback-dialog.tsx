import { useMutation } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { feedbackErrorMessage } from 'shared-kernel/domain';
import { FormField, SelectField, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { postFeedbackMutationOptions } from '../api/post-feedback';
import { FeedbackSchema, RATINGS, type FeedbackValues } from '../model/product-forms';
import { FormDialog } from './form-dialog';
import { productTexts } from '../../../messages/product';

const RATING_OPTIONS = RATINGS.map((r) => ({ value: String(r), label: `${r.toLocaleString('et-EE')} ★` }));

/** Renter's review. Rating required ('Hinnang on puudu.'); success closes after 1.5 s. */
export function FeedbackDialog({
  open,
  onClose,
  productId,
  userId,
}: {
  open: boolean;
  onClose: () => void;
  productId: number;
  userId: number;
}) {
  const t = productTexts;
  const postFeedback = useMutation(postFeedbackMutationOptions());
  // Checked on submit: the dialog asks for the rating when the renter sends.
  const form = useZodForm(FeedbackSchema, { mode: 'onSubmit', defaultValues: { rating: '', comment: '' } });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="feedback-dialog"
      title={t.feedbackTitle}
      submitLabel={t.feedbackSend}
      successText={messages.errors.feedback.succeeded}
      form={form}
      // The mutation asks for the reviews and the rating again before it settles.
      send={({ rating, comment }) => postFeedback.mutateAsync({ userId, productId, rating, comment })}
      errorText={(err) =>
        isApiError(err, 'RATE_LIMITED') ? messages.errors.abuse.tooManyEntries : feedbackErrorMessage(isApiError(err) ? err.message : null)
      }
    >
      <SelectField<FeedbackValues> name="rating" label={t.feedbackRating} required placeholder="—" options={RATING_OPTIONS} />
      <FormField<FeedbackValues> name="comment" label={t.feedbackComment} multiline maxLength={2000} />
    </FormDialog>
  );
}
