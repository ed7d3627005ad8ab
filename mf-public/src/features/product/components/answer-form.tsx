import { useMutation } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { Box, Button, Flex } from 'shared-kernel/ui';
import { Form, FORM_ERROR, FormError, FormField, serverError, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { CommentMaxLength } from 'shared-kernel/schemas';
import { postCommentMutationOptions } from '../api/post-comment';
import { AnswerSchema, type AnswerValues } from '../model/product-forms';
import { productTexts } from '../../../messages/product';

/** The owner's one answer to a question. */
export function AnswerForm({
  productId,
  questionId,
  onAnswered,
  onCancel,
}: {
  productId: number;
  questionId: number;
  onAnswered: () => void;
  onCancel: () => void;
}) {
  const t = productTexts;
  const postComment = useMutation(postCommentMutationOptions());
  const form = useZodForm(AnswerSchema, { mode: 'onSubmit', defaultValues: { comment: '' } });

  async function send({ comment }: AnswerValues) {
    try {
      await postComment.mutateAsync({ comment, productId, parentId: questionId });
      onAnswered();
    } catch (err) {
      form.setError(
        FORM_ERROR,
        serverError(isApiError(err, 'RATE_LIMITED') ? messages.errors.abuse.tooManyEntries : messages.errors.feedback.commentFailed),
      );
    }
  }

  return (
    <Box asChild mt={2}>
      <Form form={form} onSubmit={send} aria-label={t.answerTitle}>
        <FormField<AnswerValues> name="comment" label={t.answerLabel} multiline maxLength={CommentMaxLength} required />
        <FormError />
        <Flex gap={2} mt={2}>
          <Button type="submit" size="sm" colorPalette="brand" loading={form.formState.isSubmitting}>
            {t.answerSend}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t.cancel}
          </Button>
        </Flex>
      </Form>
    </Box>
  );
}
