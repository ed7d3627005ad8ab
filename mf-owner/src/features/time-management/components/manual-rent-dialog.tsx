import { useMutation } from '@tanstack/react-query';
import { notify } from 'shared-kernel/ui';
import { FormDialog } from 'shared-kernel/overlays';
import { FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { isApiError } from 'shared-kernel/api';
import { bookingErrorMessage } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { ManualRentRequest } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';
import { createManualRentMutationOptions } from '../api/create-manual-rent';
import { ManualRentForm, type ManualRentValues } from '../model/manual-rent-form';
import { DateTimeField } from './date-time-field';

const t = ownerTexts.manualRent;

/** Spec "Manual request": the owner books a period for someone off the platform. */
export function ManualRentDialog({
  product,
  open,
  onClose,
}: {
  product: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const create = useMutation(createManualRentMutationOptions());
  const form = useZodForm(ManualRentForm, { defaultValues: { income: '', start: '', end: '', personName: '', personPhone: '' } });

  const submit = async (body: ManualRentRequest) => {
    try {
      await create.mutateAsync({ productId: product.id, body });
      notify({ type: 'success', message: t.saved });
      onClose();
    } catch (error) {
      // The booking texts: UNAVAILABLE is 'already booked in that period', and so on.
      form.setError(FORM_ERROR, serverError(bookingErrorMessage(isApiError(error) ? error.codes : undefined)));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      testId="manual-rent-dialog"
      title={format(t.title, { name: product.name })}
      cancelLabel={t.cancel}
      submitLabel={t.submit}
    >
      <FormField<ManualRentValues> name="income" label={t.income} required inputMode="numeric" />
      <DateTimeField<ManualRentValues> name="start" label={t.start} />
      <DateTimeField<ManualRentValues> name="end" label={t.end} />
      <FormField<ManualRentValues> name="personName" label={t.personName} required maxLength={200} />
      <FormField<ManualRentValues> name="personPhone" label={t.personPhone} required type="tel" inputMode="tel" maxLength={30} />
    </FormDialog>
  );
}
