import { useMutation } from '@tanstack/react-query';
import { Button } from 'shared-kernel/ui';
import { isApiError } from 'shared-kernel/api';
import { LIMITS } from 'shared-kernel/domain';
import { Form, FORM_ERROR, FormError, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { CommentMaxLength } from 'shared-kernel/schemas';
import { postCommentMutationOptions } from '../api/post-comment';
import { QuestionSchema, type QuestionValues } from '../model/product-forms';
import { productTexts } from '../../../messages/product';

/**
 * A signed-in visitor's question. At most 2 own questions per product: `ownQuestions` counts those
 * already asked, and the server checks again (TOO_MANY_ENTRIES).
 */
export function AskQuestionForm({ productId, ownQuestions }: { productId: number; ownQuestions: number }) {
  const t = productTexts;
  // Settles after the question list is asked again, so the new question shows with the form cleared.
  const postComment = useMutation(postCommentMutationOptions());
  // Checked on submit only: an empty box the visitor merely passed through is not an error.
  const form = useZodForm(QuestionSchema, { mode: 'onSubmit', defaultValues: { comment: '' } });

  async function ask({ comment }: QuestionValues) {
    if (ownQuestions >= LIMITS.maxOwnQuestionsPerProduct) {
      form.setError(FORM_ERROR, serverError(messages.validation.tooManyQuestions));
      return;
    }
    try {
      await postComment.mutateAsync({ comment, productId });
      form.reset();
    } catch (err) {
      const tooMany = isApiError(err, 'TOO_MANY_ENTRIES');
      const text = tooMany
        ? messages.validation.tooManyQuestions
        : isApiError(err, 'RATE_LIMITED')
          ? messages.errors.abuse.tooManyEntries
          : messages.errors.feedback.commentFailed;
      form.setError(FORM_ERROR, serverError(text));
    }
  }

  return (
    <Form form={form} onSubmit={ask} aria-label={t.askLabel} data-testid="ask-form">
      <FormField<QuestionValues>
        name="comment"
        label={t.askLabel}
        placeholder={t.askPlaceholder}
        multiline
        maxLength={CommentMaxLength}
        required
      />
      <FormError />
      <Button type="submit" mt={2} colorPalette="brand" loading={form.formState.isSubmitting}>
        {t.askButton}
      </Button>
    </Form>
  );
}
