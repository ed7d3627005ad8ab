import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, Textarea } from 'shared-kernel/ui';
import { isApiError } from 'shared-kernel/api';
import { problemReportErrorMessage } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { postProblemMutationOptions } from '../api/post-problem';
import { FormDialog } from './form-dialog';

/** The owner's complaint about a rental. Text required ('Probleem on sõnastamata.'). */
export function ComplaintDialog({ open, onClose, productId, userId }: { open: boolean; onClose: () => void; productId: number; userId: number }) {
  const t = messages.product;
  const postProblem = useMutation(postProblemMutationOptions());
  const [comment, setComment] = useState('');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="complaint-dialog"
      title={t.complaintTitle}
      submitLabel={t.complaintSend}
      successText={messages.common.saveSucceeded}
      validate={() => (comment.trim() ? null : messages.validation.problemMissing)}
      send={() => postProblem.mutateAsync({ userId, productId, comment: comment.trim() })}
      // A catalogue text, never the server's own message.
      errorText={(err) => problemReportErrorMessage(isApiError(err) ? err : null)}
      onClosedAfterSuccess={() => setComment('')}
    >
      {(error) => (
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>
            {t.complaintLabel}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea name="problem" value={comment} maxLength={4000} onChange={(e) => setComment(e.target.value)} />
        </Field.Root>
      )}
    </FormDialog>
  );
}
