import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, NativeSelect, Textarea } from 'shared-kernel/ui';
import { isApiError } from 'shared-kernel/api';
import { feedbackErrorMessage } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { postFeedbackMutationOptions } from '../api/post-feedback';
import { FormDialog } from './form-dialog';

const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1];

/** Renter's review. Rating required ('Hinnang on puudu.'); success closes after 1.5 s. */
export function FeedbackDialog({ open, onClose, productId, userId }: { open: boolean; onClose: () => void; productId: number; userId: number }) {
  const t = messages.product;
  const postFeedback = useMutation(postFeedbackMutationOptions());
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="feedback-dialog"
      title={t.feedbackTitle}
      submitLabel={t.feedbackSend}
      successText={messages.errors.feedback.succeeded}
      validate={() => (rating ? null : messages.validation.ratingMissing)}
      send={() => postFeedback.mutateAsync({ userId, productId, rating: Number(rating), comment: comment.trim() })}
      errorText={(err) => feedbackErrorMessage(isApiError(err) ? err.message : null)}
      onClosedAfterSuccess={() => {
        setRating('');
        setComment('');
      }}
    >
      {(error) => (
        <>
          <Field.Root required invalid={error === messages.validation.ratingMissing}>
            <Field.Label>
              {t.feedbackRating}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="rating" value={rating} onChange={(e) => setRating(e.target.value)}>
                <option value="">—</option>
                {RATINGS.map((r) => (
                  <option key={r} value={r}>
                    {r.toLocaleString('et-EE')} ★
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t.feedbackComment}</Field.Label>
            <Textarea name="comment" value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
          </Field.Root>
        </>
      )}
    </FormDialog>
  );
}
