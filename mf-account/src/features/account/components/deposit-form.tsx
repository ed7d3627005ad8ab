import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { Link as RouterLink } from 'shared-kernel/router';
import { BankPicker, Box, Button, Heading, Link, Loader, Stack, Text } from 'shared-kernel/ui';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { paymentMethodsQueryOptions } from 'shared-kernel/api/bank-link';
import { useDerivedSession } from 'shared-kernel/session';
import { messages } from 'shared-kernel/messages';
import { accountTexts } from '../../../messages/et';
import { startDepositMutationOptions } from '../api/create-deposit';
import { euroAmountText } from '../../../components/euro-amount';
import { goToBank } from '../model/go-to-bank';
import { DepositForm as DepositFormSchema, type DepositFormValues } from '../model/deposit-form';

const t = accountTexts.money.deposit;

function BankField({ disabled }: { disabled: boolean }) {
  const methods = useQuery(paymentMethodsQueryOptions());
  const { field, fieldState } = useController<DepositFormValues, 'bank'>({ name: 'bank' });
  if (methods.isPending) return <Loader minH={14} />;
  if (methods.isError) return <Text color="red.600">{messages.payment.banksLoadFailed}</Text>;
  return (
    <BankPicker
      methods={methods.data}
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
      disabled={disabled}
      required
    />
  );
}

/** Why the user may not deposit (spec 5: limited users and users still to verify), or null. */
function useDepositBlock(): { text: string; verify: boolean } | null {
  const { isLimited, needsVerification } = useDerivedSession();
  if (isLimited) return { text: t.disabledLimited, verify: false };
  if (needsVerification) return { text: t.disabledNeedsId, verify: true };
  return null;
}

/** An amount another part of the page asks to deposit (the shortfall of the ticked contracts); `seq` makes each ask new. */
export interface DepositPrefill {
  cents: number;
  seq: number;
}

/** A deposit by bank link: the API signs the order, the browser goes to the bank and comes back with `payment_result`. */
export function DepositForm({ prefill = null }: { prefill?: DepositPrefill | null }) {
  const block = useDepositBlock();
  const form = useZodForm(DepositFormSchema, { defaultValues: { bank: '', amount: '' } });
  const start = useMutation(startDepositMutationOptions());
  const disabled = block !== null;

  // The shortfall's button fills in the amount and takes the user here, to pick the bank.
  useEffect(() => {
    if (!prefill) return;
    form.setValue('amount', euroAmountText(prefill.cents));
    if (!disabled) form.setFocus('amount');
  }, [prefill, form, disabled]);

  const submit = async (request: Parameters<typeof start.mutateAsync>[0]) => {
    try {
      const paymentUrl = await start.mutateAsync(request);
      goToBank(paymentUrl);
    } catch {
      form.setError(FORM_ERROR, serverError(messages.errors.account.depositFailed));
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p={4} data-testid="deposit">
      <Heading as="h2" size="md" mb={3}>
        {t.title}
      </Heading>
      {block ? (
        <Text role="note" bg="blue.50" p={3} borderRadius="md" mb={3} data-testid="deposit-blocked">
          {block.text}{' '}
          {block.verify ? (
            <Link asChild color="blue.700" fontWeight="bold">
              <RouterLink to="/auth/verify-identity">{t.verify}</RouterLink>
            </Link>
          ) : null}
        </Text>
      ) : null}
      <Form form={form} onSubmit={submit} aria-label={t.title}>
        <Stack gap={3}>
          <BankField disabled={disabled} />
          <FormField<DepositFormValues> name="amount" label={t.amount} inputMode="numeric" required disabled={disabled} />
          <FormError testId="deposit-error" />
          {start.isSuccess ? <Text role="status">{messages.payment.redirecting}</Text> : null}
          <Button type="submit" colorPalette="brand" disabled={disabled || start.isSuccess} loading={form.formState.isSubmitting}>
            {t.submit}
          </Button>
        </Stack>
      </Form>
    </Box>
  );
}
