import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Heading, Link, Stack, Text, Textarea } from 'shared-kernel/ui';
import { Link as RouterLink, useLocation } from 'react-router';
import { isApiError } from 'shared-kernel/api';
import { LIMITS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { loginUrlFor } from 'shared-kernel/platform';
import type { Comment } from 'shared-kernel/schemas';
import { postCommentMutationOptions } from '../api/post-comment';
import { useComments } from '../hooks/use-comments';
import { ownQuestionCount } from '../model/product-view';

const dateFmt = new Intl.DateTimeFormat('et-EE', { dateStyle: 'short', timeZone: 'Europe/Tallinn' });

/**
 * Questions: the owner sees all and answers (one answer each); others see answered ones and
 * their own. Asking needs sign-in, a text, and at most 2 own questions per product.
 */
export function QuestionsSection({ productId, ownerId, userId }: { productId: number; ownerId: number; userId: number | null }) {
  const t = messages.product;
  const location = useLocation();
  const list = useComments(productId, userId);
  const postComment = useMutation(postCommentMutationOptions());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isOwner = userId !== null && userId === ownerId;

  const ask = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t.questionEmpty);
      return;
    }
    if (ownQuestionCount(list, userId) >= LIMITS.maxOwnQuestionsPerProduct) {
      setError(messages.validation.tooManyQuestions);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await postComment.mutateAsync({ comment: text.trim(), productId });
      setText('');
    } catch (err) {
      setError(isApiError(err) && err.code === 'TOO_MANY_ENTRIES' ? messages.validation.tooManyQuestions : messages.errors.feedback.commentFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="questions-title" data-testid="questions">
      <Heading as="h2" size="lg" mb={3} id="questions-title">
        {t.questionsTitle}
      </Heading>
      {list.length === 0 ? <Text color="gray.600">{t.noQuestions}</Text> : null}
      <Stack gap={3} mb={4}>
        {list.map((q) => (
          <Question key={q.id} question={q} canAnswer={isOwner && q.children.length === 0} productId={productId} />
        ))}
      </Stack>
      {userId === null ? (
        <Text>
          <Link asChild colorPalette="brand">
            <RouterLink to={loginUrlFor(location.pathname + location.search)}>{t.askSignIn}</RouterLink>
          </Link>
        </Text>
      ) : isOwner ? null : (
        <form onSubmit={(e: FormEvent) => void ask(e)} noValidate data-testid="ask-form">
          <Field.Root invalid={Boolean(error)}>
            <Field.Label>{t.askLabel}</Field.Label>
            <Textarea name="question" value={text} placeholder={t.askPlaceholder} maxLength={2000} onChange={(e) => setText(e.target.value)} />
            {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : null}
          </Field.Root>
          <Button type="submit" mt={2} colorPalette="brand" loading={busy}>
            {t.askButton}
          </Button>
        </form>
      )}
    </Box>
  );
}

function Question({ question, canAnswer, productId }: { question: Comment; canAnswer: boolean; productId: number }) {
  const t = messages.product;
  const postComment = useMutation(postCommentMutationOptions());
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = question.children[0];
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError(t.answerEmpty);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await postComment.mutateAsync({ comment: text.trim(), productId, parentId: question.id });
      setOpen(false);
      setText('');
    } catch {
      setError(messages.errors.feedback.commentFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} data-testid="question" data-question-id={question.id}>
      <Flex justify="space-between" gap={2} fontSize="sm" color="gray.600">
        <Text>{question.author}</Text>
        <Text>{dateFmt.format(new Date(question.createdTs))}</Text>
      </Flex>
      <Text mt={1} whiteSpace="pre-wrap">
        {question.comment}
      </Text>
      {answer ? (
        <Box mt={2} pl={3} borderLeftWidth="3px" borderColor="brand.solid" data-testid="answer">
          <Text fontSize="sm" color="gray.600">
            {t.ownerAnswer}
          </Text>
          <Text whiteSpace="pre-wrap">{answer.comment}</Text>
        </Box>
      ) : (
        <Text mt={1} fontSize="sm" color="orange.600">
          {t.unanswered}
        </Text>
      )}
      {canAnswer && !open ? (
        <Button mt={2} size="sm" variant="outline" onClick={() => setOpen(true)}>
          {t.answerButton}
        </Button>
      ) : null}
      {canAnswer && open ? (
        <Box asChild mt={2}>
          <form onSubmit={(e: FormEvent) => void send(e)} noValidate aria-label={t.answerTitle}>
            <Field.Root invalid={Boolean(error)}>
              <Field.Label>{t.answerLabel}</Field.Label>
              <Textarea name="answer" value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
              {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : null}
            </Field.Root>
            <Flex gap={2} mt={2}>
              <Button type="submit" size="sm" colorPalette="brand" loading={busy}>
                {t.answerSend}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
                {t.cancel}
              </Button>
            </Flex>
          </form>
        </Box>
      ) : null}
    </Box>
  );
}
