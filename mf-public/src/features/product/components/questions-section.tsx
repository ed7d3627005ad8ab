import { lazy, Suspense, useState } from 'react';
import { Box, Button, Flex, Heading, Link, Stack, Text } from 'shared-kernel/ui';
import { Link as RouterLink, useLocation } from 'shared-kernel/router';
import { loginUrlFor } from 'shared-kernel/platform';
import type { Comment } from 'shared-kernel/schemas';
import { useComments } from '../hooks/use-comments';
import { ownQuestionCount } from '../model/product-view';
import { productTexts } from '../../../messages/product';

// The forms (react-hook-form, zod) load only for a signed-in visitor who gets one: an anonymous
// product page carries none of that code (ADR 0023).
const AskQuestionForm = lazy(() => import('./ask-question-form').then((m) => ({ default: m.AskQuestionForm })));
const AnswerForm = lazy(() => import('./answer-form').then((m) => ({ default: m.AnswerForm })));

// Made when a question is shown, not when the product page's code loads: a page's first Intl date
// format costs about 80 ms on a phone, and the page's code loads in one task (issue 28).
let dateFmt: Intl.DateTimeFormat | undefined;
const askedOn = (ts: string) =>
  (dateFmt ??= new Intl.DateTimeFormat('et-EE', { dateStyle: 'short', timeZone: 'Europe/Tallinn' })).format(new Date(ts));

/**
 * Questions: the owner sees all and answers (one answer each); others see answered ones and
 * their own. Asking needs sign-in, a text, and at most 2 own questions per product.
 */
export function QuestionsSection({ productId, ownerId, userId }: { productId: number; ownerId: number; userId: number | null }) {
  const t = productTexts;
  const location = useLocation();
  const list = useComments(productId, userId);
  const isOwner = userId !== null && userId === ownerId;

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
        <Suspense fallback={null}>
          <AskQuestionForm productId={productId} ownQuestions={ownQuestionCount(list, userId)} />
        </Suspense>
      )}
    </Box>
  );
}

function Question({ question, canAnswer, productId }: { question: Comment; canAnswer: boolean; productId: number }) {
  const t = productTexts;
  const [open, setOpen] = useState(false);
  const answer = question.children[0];
  return (
    <Box borderWidth="1px" borderRadius="md" p={3} data-testid="question" data-question-id={question.id}>
      <Flex justify="space-between" gap={2} fontSize="sm" color="gray.600">
        <Text>{question.author}</Text>
        <Text>{askedOn(question.createdTs)}</Text>
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
        <Suspense fallback={null}>
          <AnswerForm productId={productId} questionId={question.id} onCancel={() => setOpen(false)} onAnswered={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
