import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import { Form, FormError, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import type { Contract, ContractExtension } from 'shared-kernel/schemas';
import { formatTallinn } from 'shared-kernel/time';
import { Badge, Box, Button, HStack, notify, Stack, Text } from 'shared-kernel/ui';
import { z } from 'shared-kernel/zod';
import { BankField } from '../../../components/payment/bank-field';
import { leaveForBank } from '../../../components/payment/leave-for-bank';
import { bookingTexts } from '../../../messages/et';
import { decideExtensionMutationOptions } from '../api/decide-extension';
import { extensionsQueryOptions } from '../api/get-extensions';
import { payExtensionByBankMutationOptions } from '../api/pay-extension-by-bank';
import { ExtensionForm } from './extension-form';

const t = bookingTexts.extensions;
const OPEN = new Set(['REQUESTED', 'PENDING_PAYMENT']);
const PALETTE: Record<ContractExtension['status'], string> = {
  REQUESTED: 'orange',
  PENDING_PAYMENT: 'orange',
  PAID: 'green',
  DECLINED: 'red',
  LAPSED: 'gray',
};

const failure = (error: unknown) => (isApiError(error) && error.message ? error.message : t.failed);

const BankForm = z.object({ bank: z.string().min(1, bookingTexts.extensions.bank) });
type BankValues = z.input<typeof BankForm>;

/** The renter pays the accepted extension's difference by bank link: the kernel's bank picker, then the bank's page. */
function BankLinkPay({ extension }: { extension: ContractExtension }) {
  const pay = useMutation(payExtensionByBankMutationOptions());
  const form = useZodForm(BankForm, { defaultValues: { bank: '' } });
  const submit = async ({ bank }: { bank: string }) => {
    try {
      const order = await pay.mutateAsync({ id: extension.id, bank });
      leaveForBank(order.paymentUrl);
    } catch (error) {
      form.setError(FORM_ERROR, serverError(failure(error)));
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label={t.payBank}>
      <BankField<BankValues> name="bank" enabled label={t.bank} />
      <FormError />
      <Button type="submit" size="sm" mt={2} loading={pay.isPending}>
        {t.payBank}
      </Button>
    </Form>
  );
}

function ExtensionItem({ extension }: { extension: ContractExtension }) {
  const step = useMutation(decideExtensionMutationOptions());
  const [bankOpen, setBankOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (name: 'accept' | 'decline' | 'pay') => {
    setError(null);
    try {
      const done = await step.mutateAsync({ id: extension.id, step: name });
      notify({ type: 'success', message: t.status[done.extension.status] });
    } catch (e) {
      setError(failure(e));
    }
  };
  return (
    <Box as="li" borderTopWidth="1px" pt={2} data-testid="extension-item">
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Text>{format(t.item, { end: formatTallinn(extension.newEndTs), amount: formatEuros(extension.differenceCents) })}</Text>
        <Badge colorPalette={PALETTE[extension.status]} data-status={extension.status}>
          {t.status[extension.status]}
        </Badge>
      </HStack>
      {extension.contractVersion ? <Text fontSize="sm">{format(t.version, { version: extension.contractVersion })}</Text> : null}
      <HStack gap={2} wrap="wrap" mt={1}>
        {extension.mayAccept ? (
          <Button size="sm" colorPalette="green" onClick={() => void run('accept')} loading={step.isPending}>
            {t.accept}
          </Button>
        ) : null}
        {extension.mayDecline ? (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void run('decline')} disabled={step.isPending}>
            {t.decline}
          </Button>
        ) : null}
        {extension.mayPay ? (
          <>
            <Button size="sm" colorPalette="green" onClick={() => void run('pay')} loading={step.isPending}>
              {t.payBalance}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setBankOpen((open) => !open)} aria-expanded={bankOpen}>
              {t.payBank}
            </Button>
          </>
        ) : null}
      </HStack>
      {extension.mayPay && bankOpen ? <BankLinkPay extension={extension} /> : null}
      {error ? (
        <Text role="alert" color="red.600">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * A running contract's extensions: the renter's 'Pikenda' (while no request is open) and the
 * requests with the steps the server allows each party (accept or decline, pay).
 */
export function ContractExtensions({ contract }: { contract: Contract }) {
  const [formOpen, setFormOpen] = useState(false);
  const list = useQuery(extensionsQueryOptions(contract.id));
  const extensions = list.data ?? [];
  const mayAsk = !contract.incoming && list.isSuccess && !extensions.some((e) => OPEN.has(e.status));
  return (
    <Box mt={2} data-testid="contract-extensions">
      {extensions.length > 0 ? (
        <>
          <Text fontWeight="semibold">{t.title}</Text>
          <Stack as="ul" gap={2} listStyleType="none" aria-label={t.title}>
            {extensions.map((e) => (
              <ExtensionItem key={e.id} extension={e} />
            ))}
          </Stack>
        </>
      ) : null}
      {mayAsk && !formOpen ? (
        <Button size="sm" variant="outline" mt={2} onClick={() => setFormOpen(true)}>
          {t.extend}
        </Button>
      ) : null}
      {mayAsk && formOpen ? (
        <ExtensionForm
          contract={contract}
          onClose={(sent) => {
            setFormOpen(false);
            if (sent) notify({ type: 'success', message: t.sent });
          }}
        />
      ) : null}
    </Box>
  );
}
