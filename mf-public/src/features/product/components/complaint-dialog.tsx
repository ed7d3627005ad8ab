import { useMutation } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { problemReportErrorMessage } from 'shared-kernel/domain';
import { FormField, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { postProblemMutationOptions } from '../api/post-problem';
import { ComplaintSchema, type ComplaintValues } from '../model/product-forms';
import { FormDialog } from './form-dialog';
import { productTexts } from '../../../messages/product';

/** The owner's complaint about a rental. Text required ('Probleem on sõnastamata.'). */
export function ComplaintDialog({
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
  const postProblem = useMutation(postProblemMutationOptions());
  const form = useZodForm(ComplaintSchema, { mode: 'onSubmit', defaultValues: { comment: '' } });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="complaint-dialog"
      title={t.complaintTitle}
      submitLabel={t.complaintSend}
      successText={messages.common.saveSucceeded}
      form={form}
      send={({ comment }) => postProblem.mutateAsync({ userId, productId, comment })}
      // A catalogue text, never the server's own message.
      errorText={(err) =>
        isApiError(err, 'RATE_LIMITED') ? messages.errors.abuse.tooManyEntries : problemReportErrorMessage(isApiError(err) ? err : null)
      }
    >
      <FormField<ComplaintValues> name="comment" label={t.complaintLabel} required multiline maxLength={4000} />
    </FormDialog>
  );
}
