import { useMutation, useQuery } from '@tanstack/react-query';
import { Box, Button, Heading, HStack, Stack, Text } from 'shared-kernel/ui';
import { Form, FormError, FormField, FORM_ERROR, SelectField, serverError, useZodForm } from 'shared-kernel/forms';
import { isApiError } from 'shared-kernel/api';
import { feedbackErrorMessage, handoverOpensAt, problemReportErrorMessage } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { Contract, ContractByHash, Reservation } from 'shared-kernel/schemas';
import { formatTallinn } from 'shared-kernel/time';
import { LateFee } from '../../../components/late-fee';
import { bookingTexts } from '../../../messages/et';
import { reservationContractQueryOptions } from '../api/get-contract';
import { markHandoverMutationOptions } from '../api/mark-handover';
import { postFeedbackMutationOptions } from '../api/post-feedback';
import { postProblemMutationOptions } from '../api/post-problem';
import { ComplaintForm, FeedbackForm, RATINGS, type ComplaintValues, type FeedbackValues } from '../model/request-forms';

const t = bookingTexts.request;

/** The server's own Estonian text for the refusals a party can act on (too early, not allowed now); the generic one otherwise. */
function markErrorText(error: unknown): string {
  return isApiError(error, 'HANDOVER_TOO_EARLY') || isApiError(error, 'INVALID_STATUS') ? (error as Error).message : t.markFailed;
}
const RATING_OPTIONS = RATINGS.map((r) => ({ value: String(r), label: `${r.toLocaleString('et-EE')} ★` }));

function FeedbackSection({ userId, productId }: { userId: number; productId: number }) {
  const post = useMutation(postFeedbackMutationOptions());
  const form = useZodForm(FeedbackForm, { mode: 'onSubmit', defaultValues: { rating: '', comment: '' } });
  const submit = async ({ rating, comment }: { rating: number; comment: string }) => {
    try {
      await post.mutateAsync({ userId, productId, rating, comment });
    } catch (err) {
      form.setError(FORM_ERROR, serverError(feedbackErrorMessage(isApiError(err) ? err.message : null)));
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label={t.feedbackTitle}>
      <Stack gap={3}>
        <Heading as="h2" size="md">
          {t.feedbackTitle}
        </Heading>
        <SelectField<FeedbackValues> name="rating" label={t.rating} required placeholder="—" options={RATING_OPTIONS} />
        <FormField<FeedbackValues> name="comment" label={t.comment} multiline maxLength={2000} />
        <FormError />
        {post.isSuccess ? (
          <Text role="status" color="green.600">
            {messages.errors.feedback.succeeded}
          </Text>
        ) : null}
        <Box>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={post.isSuccess}>
            {t.sendFeedback}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

function ComplaintSection({ userId, productId, contractId }: { userId: number; productId: number; contractId: number }) {
  const post = useMutation(postProblemMutationOptions());
  const form = useZodForm(ComplaintForm, { mode: 'onSubmit', defaultValues: { comment: '' } });
  const submit = async ({ comment }: { comment: string }) => {
    try {
      await post.mutateAsync({ userId, productId, comment, contractId });
    } catch (err) {
      form.setError(FORM_ERROR, serverError(problemReportErrorMessage(isApiError(err) ? err : null)));
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label={t.complaintTitle}>
      <Stack gap={3}>
        <Heading as="h2" size="md">
          {t.complaintTitle}
        </Heading>
        <FormField<ComplaintValues> name="comment" label={t.complaint} required multiline maxLength={4000} />
        <FormError />
        {post.isSuccess ? (
          <Text role="status" color="green.600">
            {messages.errors.feedback.succeeded}
          </Text>
        ) : null}
        <Box>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} disabled={post.isSuccess}>
            {t.sendComplaint}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

/** Whether the item has been handed over: reviews and problem reports wait for it (the server refuses them before). */
function handedOver(c: Contract): boolean {
  return c.renterReceivedTs !== null || c.status === 'MANUAL' || c.status === 'RETURNED' || c.status === 'FINISHED';
}

/** Why 'Toode käes' is not offered yet: the renter's paid contract before the window (the server's flag says whether it is open). */
function ReceivedOpensAt({ contract: c }: { contract: Contract }) {
  if (c.incoming || c.status !== 'ACCEPTED' || c.renterReceivedTs !== null || c.mayMarkReceived) return null;
  return <Text>{format(t.receivedOpensAt, { time: formatTallinn(handoverOpensAt(Date.parse(c.startTs))) })}</Text>;
}

/** Handover and return marks, offered as the server's contract flags allow. */
function HandoverButtons({ contract: c }: { contract: Contract }) {
  const mark = useMutation(markHandoverMutationOptions());
  if (!c.mayMarkReceived && !c.mayMarkReturned) return null;
  return (
    <Stack gap={2}>
      <HStack gap={2} wrap="wrap">
        {c.mayMarkReceived ? (
          <Button
            variant="outline"
            loading={mark.isPending && mark.variables?.step === 'received'}
            onClick={() => mark.mutate({ contractId: c.id, step: 'received' })}
          >
            {t.markReceived}
          </Button>
        ) : null}
        {c.mayMarkReturned ? (
          <Button
            variant="outline"
            loading={mark.isPending && mark.variables?.step === 'returned'}
            onClick={() => mark.mutate({ contractId: c.id, step: 'returned' })}
          >
            {t.markReturned}
          </Button>
        ) : null}
      </HStack>
      {c.mayMarkReturned && c.incoming ? <Text>{t.returnEnds}</Text> : null}
      {mark.isError ? (
        <Text role="alert" color="red.600">
          {markErrorText(mark.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** 'Taotluse leht': the renter's review or the owner's complaint, plus the handover marks. */
export function StepOne({
  reservation,
  contract,
  party,
  userId,
}: {
  reservation: Reservation;
  contract: ContractByHash;
  party: 'owner' | 'renter';
  userId: number;
}) {
  const full = useQuery(reservationContractQueryOptions(reservation.id));
  const c = full.data;
  return (
    <Stack gap={6}>
      {c ? (
        <Stack gap={2}>
          <ReceivedOpensAt contract={c} />
          <HandoverButtons contract={c} />
          <LateFee contract={c} />
        </Stack>
      ) : null}
      {c && !handedOver(c) ? (
        <Text>{messages.errors.rentalLife.notHandedOver}</Text>
      ) : c && party === 'renter' ? (
        <FeedbackSection userId={userId} productId={reservation.product.id} />
      ) : c ? (
        <ComplaintSection userId={userId} productId={reservation.product.id} contractId={contract.id} />
      ) : null}
    </Stack>
  );
}
