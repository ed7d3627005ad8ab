import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { Box, Button, Checkbox, Flex, Heading, HStack, Stack, Text, notify } from 'shared-kernel/ui';
import { Form, FormError, FORM_ERROR, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { formatEuros } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { isApiError } from 'shared-kernel/api';
import type { AccountSummary, Contract } from 'shared-kernel/schemas';
import { accountTexts } from '../../../messages/et';
import { payContractsMutationOptions } from '../api/pay-contracts';
import { cancelContractsMutationOptions } from '../api/cancel-contract';
import { shortDateTime } from '../model/history';
import { contractTotalCents, PaySelectionForm, selectionTotalCents, type PaySelectionValues } from '../model/pay-selection';

const t = accountTexts.money.unpaid;

function ContractChoices({ contracts }: { contracts: readonly Contract[] }) {
  const { field, fieldState } = useController<PaySelectionValues, 'contractIds'>({ name: 'contractIds' });
  const chosen = new Set(field.value);
  const toggle = (id: number, on: boolean) =>
    field.onChange(on ? [...field.value.filter((v) => v !== id), id] : field.value.filter((v) => v !== id));
  return (
    <Stack gap={2} role="group" aria-label={t.title}>
      {contracts.map((contract) => (
        <Flex
          key={contract.id}
          justify="space-between"
          align="center"
          gap={3}
          wrap="wrap"
          borderBottomWidth="1px"
          pb={2}
          data-testid="unpaid-contract"
        >
          <Checkbox.Root
            checked={chosen.has(contract.id)}
            onCheckedChange={(d) => toggle(contract.id, d.checked === true)}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{contract.product.name}</Checkbox.Label>
          </Checkbox.Root>
          <Text color="gray.600" fontSize="sm">
            {format(t.period, { start: shortDateTime(contract.startTs), end: shortDateTime(contract.endTs) })}
          </Text>
          <Text fontWeight="bold">{formatEuros(contractTotalCents(contract))}</Text>
        </Flex>
      ))}
      {fieldState.error?.message ? (
        <Text role="alert" color="red.600" data-testid="error-contractIds">
          {fieldState.error.message}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The contracts waiting for the renter's payment: ticked ones are paid from the balance in one
 * call, or cancelled. The `contracts` query parameter (from the contracts page's 'Maksma') ticks them.
 */
export function UnpaidContracts({
  summary,
  preselected,
  onDeposit,
}: {
  summary: AccountSummary;
  preselected: number[];
  onDeposit: (cents: number) => void;
}) {
  const form = useZodForm(PaySelectionForm, { defaultValues: { contractIds: preselected } });
  const pay = useMutation(payContractsMutationOptions());
  const cancel = useMutation(cancelContractsMutationOptions());
  const ids = useWatch({ control: form.control, name: 'contractIds' });
  const shortfallId = `${useId()}-shortfall`;
  const contracts = summary.unpaidContracts;
  const totalCents = selectionTotalCents(contracts, ids);
  // Spec 5: paying needs a balance of at least the total. Said before the click, with what is missing.
  const missingCents = Math.max(0, totalCents - summary.balanceCents);

  const submitPay = async ({ contractIds }: { contractIds: number[] }) => {
    if (selectionTotalCents(contracts, contractIds) > summary.balanceCents) return;
    try {
      await pay.mutateAsync(contractIds);
      notify({ type: 'success', message: t.paid });
      form.reset({ contractIds: [] });
    } catch (error) {
      const text = isApiError(error, 'INSUFFICIENT_FUNDS') ? messages.validation.insufficientFunds : messages.errors.account.payFailed;
      form.setError(FORM_ERROR, serverError(text));
    }
  };

  const submitCancel = async ({ contractIds }: { contractIds: number[] }) => {
    const results = await cancel.mutateAsync(contractIds);
    if (results.every((r) => r.status === 'fulfilled')) {
      notify({ type: 'success', message: t.cancelled });
      form.reset({ contractIds: [] });
    } else {
      form.setError(FORM_ERROR, serverError(t.cancelFailed));
    }
  };

  const busy = form.formState.isSubmitting;
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} data-testid="unpaid-contracts">
      <Heading as="h2" size="md" mb={3}>
        {t.title}
      </Heading>
      {contracts.length === 0 ? (
        <Text color="gray.600">{t.none}</Text>
      ) : (
        <Form form={form} onSubmit={submitPay}>
          <Stack gap={3}>
            <ContractChoices contracts={contracts} />
            <Text data-testid="selection-total">{format(t.total, { amount: formatEuros(totalCents) })}</Text>
            {missingCents > 0 ? (
              <Stack gap={2} align="start" bg="orange.50" borderRadius="md" p={3} data-testid="insufficient-funds">
                <Text id={shortfallId}>
                  {messages.validation.insufficientFunds} {format(t.deposit, { amount: formatEuros(missingCents) })}
                </Text>
                <Button size="sm" variant="outline" colorPalette="brand" onClick={() => onDeposit(missingCents)}>
                  {format(t.depositMissing, { amount: formatEuros(missingCents) })}
                </Button>
              </Stack>
            ) : null}
            <FormError testId="unpaid-error" />
            <HStack gap={2} wrap="wrap">
              <Button
                type="submit"
                colorPalette="brand"
                loading={busy && pay.isPending}
                disabled={busy || missingCents > 0}
                aria-describedby={missingCents > 0 ? shortfallId : undefined}
              >
                {t.pay}
              </Button>
              <Button
                variant="outline"
                colorPalette="red"
                disabled={busy}
                loading={busy && cancel.isPending}
                onClick={() => void form.handleSubmit(submitCancel)()}
              >
                {t.cancel}
              </Button>
            </HStack>
          </Stack>
        </Form>
      )}
    </Box>
  );
}
