import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Button, Heading, Link, Stack, Text, notify } from 'shared-kernel/ui';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { formatEuros } from 'shared-kernel/domain';
import { isApiError } from 'shared-kernel/api';
import { format, messages } from 'shared-kernel/messages';
import { accountTexts } from '../../../messages/et';
import { withdrawalMutationOptions } from '../api/create-withdrawal';
import { withdrawalForm, type WithdrawalFormValues } from '../model/withdrawal-form';

const t = accountTexts.money.withdrawal;

/**
 * A payout to the account number of the profile. Keyed by the balance where it is used, so the
 * rule 'at most the balance' always reads the current one.
 */
export function WithdrawalForm({ balanceCents }: { balanceCents: number }) {
  const schema = useMemo(() => withdrawalForm(balanceCents), [balanceCents]);
  const form = useZodForm(schema, { defaultValues: { amount: '' } });
  const withdraw = useMutation(withdrawalMutationOptions());
  const noAccountNr = withdraw.error !== null && isApiError(withdraw.error, 'NO_ACCOUNT_NR');

  const submit = async ({ amount }: { amount: number }) => {
    try {
      const answer = await withdraw.mutateAsync({ amount });
      notify({ type: 'success', message: format(t.succeeded, { amount: formatEuros(answer.amountCents) }) });
      form.reset({ amount: '' });
    } catch (error) {
      if (isApiError(error, 'NO_ACCOUNT_NR')) return;
      const text = isApiError(error, 'INSUFFICIENT_FUNDS')
        ? messages.validation.insufficientFunds
        : messages.errors.account.withdrawalFailed;
      form.setError(FORM_ERROR, serverError(text));
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p={4} data-testid="withdrawal">
      <Heading as="h2" size="md" mb={3}>
        {t.title}
      </Heading>
      <Form form={form} onSubmit={submit} aria-label={t.title}>
        <Stack gap={3}>
          <FormField<WithdrawalFormValues> name="amount" label={t.amount} inputMode="numeric" required />
          <FormError testId="withdrawal-error" />
          {noAccountNr ? (
            <Text role="alert" color="red.600" data-testid="withdrawal-no-account">
              {messages.errors.account.noAccountNr}{' '}
              <Link asChild color="brand.700" fontWeight="bold">
                <RouterLink to="/auth/user-profile">{t.toProfile}</RouterLink>
              </Link>
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
            {t.submit}
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
