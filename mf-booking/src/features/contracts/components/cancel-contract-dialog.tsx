import { useMutation, useQuery } from '@tanstack/react-query';
import { Text } from 'shared-kernel/ui';
import { FormDialog } from 'shared-kernel/overlays';
import { CheckboxField, FormField, FORM_ERROR, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { formatEuros } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { CANCEL_REASON_MAX, type Contract } from 'shared-kernel/schemas';
import { bookingTexts } from '../../../messages/et';
import { cancelContractMutationOptions } from '../api/cancel-contract';
import { refundPreviewQueryOptions } from '../api/get-refund-preview';
import { CancelContractForm, type CancelContractValues } from '../model/cancel-form';

const t = bookingTexts.contracts;

function RefundPreviewText({ contractId }: { contractId: number }) {
  const preview = useQuery(refundPreviewQueryOptions(contractId));
  if (preview.isPending) return <Text color="gray.600">{messages.common.loading}</Text>;
  if (preview.isError) return <Text color="red.600">{bookingTexts.flowCommon.loadFailed}</Text>;
  const p = preview.data;
  return (
    <Text data-testid="refund-preview">
      {p.paidCents === 0
        ? t.nothingPaid
        : format(t.refund, { refund: formatEuros(p.refundCents), paid: formatEuros(p.paidCents), percent: p.percent })}
    </Text>
  );
}

/** Cancelling a contract: the refund it would make, the 'item was broken' option where allowed, then the cancel. */
export function CancelContractDialog({ contract, open, onClose }: { contract: Contract; open: boolean; onClose: () => void }) {
  const cancel = useMutation(cancelContractMutationOptions());
  const form = useZodForm(CancelContractForm, { defaultValues: { broken: false, reason: '' } });
  const broken = useWatch({ control: form.control, name: 'broken' });
  const done = cancel.isSuccess;
  const brokenSent = done && cancel.data?.contract.status === 'APPEALED';

  const submit = async ({ reason }: { reason: string | undefined }) => {
    try {
      // The outcome shows once, in the dialog the user is looking at (no toast beside it).
      await cancel.mutateAsync({ id: contract.id, reason });
    } catch {
      form.setError(FORM_ERROR, serverError(messages.errors.cancel.failed));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      testId="cancel-contract-dialog"
      title={t.cancelTitle}
      cancelLabel={messages.common.close}
      submitLabel={t.confirmCancel}
      submitPalette="red"
      submitDisabled={done}
      after={
        done ? (
          <Text role="status" color="green.600">
            {brokenSent ? t.brokenSent : messages.errors.cancel.succeeded}
          </Text>
        ) : null
      }
    >
      <Text fontWeight="bold">{contract.product.name}</Text>
      {contract.mayReportBroken && broken ? (
        <Text data-testid="refund-preview">{t.brokenDispute}</Text>
      ) : (
        <RefundPreviewText contractId={contract.id} />
      )}
      {contract.mayReportBroken ? (
        <>
          <CheckboxField<CancelContractValues> name="broken" label={t.itemBroken} />
          {broken ? (
            <FormField<CancelContractValues>
              name="reason"
              label={t.brokenReason}
              required
              multiline
              rows={3}
              maxLength={CANCEL_REASON_MAX}
            />
          ) : null}
        </>
      ) : null}
    </FormDialog>
  );
}
