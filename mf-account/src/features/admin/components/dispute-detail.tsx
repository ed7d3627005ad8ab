import { useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import type { DisputeEvidence } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Box, Button, ErrorFallback, Heading, HStack, List, Loader, Stack, Text, notify } from 'shared-kernel/ui';
import { euroAmountText } from '../../../components/euro-amount';
import { accountTexts } from '../../../messages/et';
import { decideDisputeMutationOptions } from '../api/decide-dispute';
import { disputeEvidenceQueryOptions } from '../api/get-disputes';
import { decisionForm, type DecisionFormValues } from '../model/decision-form';

const t = accountTexts.admin.disputes;
const MARKS = ['renterReceivedTs', 'ownerHandedOverTs', 'renterReturnedTs', 'ownerReturnedTs'] as const;

/** One dispute: the evidence, the terms' amounts, and (while open) the decision form. */
export function DisputeDetail({ id }: { id: number }) {
  const evidence = useQuery(disputeEvidenceQueryOptions(id));
  if (evidence.isPending) return <Loader minH="10vh" />;
  if (evidence.isError) return <ErrorFallback message={t.loadFailed} onRetry={() => void evidence.refetch()} />;
  const { dispute: d, handover } = evidence.data;
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={4} data-testid="dispute-detail" aria-labelledby="dispute-title">
      <Heading as="h2" size="lg" mb={2} id="dispute-title">
        {t.evidence}: {d.productName} ({messages.domain.disputeKinds[d.kind]})
      </Heading>
      <Stack gap={4}>
        <Box>
          {/* The party's own words: text, never HTML. */}
          <Text overflowWrap="anywhere">{format(t.comment, { who: t.openedBy[d.openedBy], text: d.comment })}</Text>
          <Text>{format(t.period, { start: formatTallinnShort(d.startTs), end: formatTallinnShort(d.endTs) })}</Text>
          <Text>{format(t.paid, { amount: formatEuros(d.paidCents) })}</Text>
        </Box>
        <Box>
          <Heading as="h3" size="md" mb={1}>
            {t.handover}
          </Heading>
          <List.Root>
            {MARKS.map((mark) => (
              <List.Item key={mark}>
                {t.marks[mark]}: {handover[mark] ? formatTallinnShort(handover[mark]) : t.notMarked}
              </List.Item>
            ))}
          </List.Root>
        </Box>
        <Messages evidence={evidence.data} />
        <Box>
          <Heading as="h3" size="md" mb={1}>
            {t.photos}
          </Heading>
          <Text>{t.noPhotos}</Text>
        </Box>
        {d.status === 'OPEN' ? <DecisionForm evidence={evidence.data} /> : null}
      </Stack>
    </Box>
  );
}

function Messages({ evidence }: { evidence: DisputeEvidence }) {
  return (
    <Box>
      <Heading as="h3" size="md" mb={1}>
        {t.messages}
      </Heading>
      {evidence.messages.length === 0 ? (
        <Text>{t.noMessages}</Text>
      ) : (
        <List.Root data-testid="dispute-messages">
          {evidence.messages.map((m, i) => (
            <List.Item key={i} overflowWrap="anywhere">
              {formatTallinnShort(m.createdTs)} {m.fromRenter ? t.fromRenter : t.fromOwner}: {m.message}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}

function DecisionForm({ evidence }: { evidence: DisputeEvidence }) {
  const d = evidence.dispute;
  const schema = useMemo(() => decisionForm(d.paidCents, formatEuros(d.paidCents)), [d.paidCents]);
  const form = useZodForm(schema, { defaultValues: { penalty: '0', refund: '0', reason: '' } });
  const decide = useMutation(decideDisputeMutationOptions());
  const penaltyText = form.watch('penalty');
  const penaltyCents = /^\d{1,7}([.,]\d{1,2})?$/.test(penaltyText.trim()) ? Math.round(Number(penaltyText.replace(',', '.')) * 100) : 0;
  const platform = Math.floor(penaltyCents / 2);

  const submit = async (values: { penalty: number; refund: number; reason: string }) => {
    try {
      await decide.mutateAsync({ id: d.id, decision: { penaltyCents: values.penalty, refundCents: values.refund, reason: values.reason } });
      notify({ type: 'success', message: format(t.decided, { status: messages.statuses.contract.SOLVED }) });
    } catch (error) {
      form.setError(FORM_ERROR, serverError(isApiError(error) && error.status === 409 ? error.message : t.failed));
    }
  };

  return (
    <Box>
      <Heading as="h3" size="md" mb={2}>
        {t.terms}
      </Heading>
      <Stack gap={2} mb={4}>
        {[
          [t.sevenDays, d.sevenDaysCents],
          [t.nonReturn, d.nonReturnCents],
        ].map(([label, cents]) => (
          <HStack key={label as string} gap={3}>
            <Text>{format(label as string, { amount: formatEuros(cents as number) })}</Text>
            <Button
              size="xs"
              variant="outline"
              onClick={() => form.setValue('penalty', euroAmountText(cents as number), { shouldValidate: true })}
            >
              {t.usePenalty}
            </Button>
          </HStack>
        ))}
      </Stack>
      <Form form={form} onSubmit={submit} aria-label={t.decision}>
        <Stack gap={3}>
          <FormField<DecisionFormValues> name="penalty" label={t.penalty} inputMode="numeric" required />
          <Text fontSize="sm" data-testid="penalty-split">
            {format(t.split, { platform: formatEuros(platform), owner: formatEuros(penaltyCents - platform) })}
          </Text>
          <FormField<DecisionFormValues> name="refund" label={t.refund} inputMode="numeric" required />
          <FormField<DecisionFormValues> name="reason" label={t.reason} multiline required />
          <FormError testId="decision-error" />
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={form.formState.isSubmitting}>
            {t.decide}
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
