import { useMutation } from '@tanstack/react-query';
import { z } from 'shared-kernel/zod';
import { Text } from 'shared-kernel/ui';
import { FormDialog } from 'shared-kernel/overlays';
import { FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import { notify } from 'shared-kernel/ui';
import { OWNER_LIMITS } from 'shared-kernel/schemas';
import { ownerTexts } from '../messages/et';
import { deleteProductMutationOptions } from '../api/delete-product';

const t = ownerTexts.removeDialog;

const RemoveForm = z.object({ reason: z.string().trim().max(OWNER_LIMITS.reasonMax) });
type RemoveValues = z.input<typeof RemoveForm>;

/**
 * Taking one product off rent with an optional reason (spec: POST /products/{id}/delete
 * {inActiveReason}); `onRemoved` runs after the server agreed (the page refreshes 1.5 s later).
 */
export function RemoveProductDialog({
  product,
  open,
  onClose,
  onRemoved,
}: {
  product: { id: number; name: string };
  open: boolean;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const remove = useMutation(deleteProductMutationOptions());
  const form = useZodForm(RemoveForm, { defaultValues: { reason: '' } });

  const submit = async ({ reason }: { reason: string }) => {
    try {
      await remove.mutateAsync({ id: product.id, reason });
      notify({ type: 'success', message: t.removed });
      onRemoved();
      onClose();
    } catch {
      form.setError(FORM_ERROR, serverError(t.failed));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      testId="remove-product-dialog"
      title={t.title}
      cancelLabel={t.cancel}
      submitLabel={t.confirm}
      submitPalette="red"
    >
      <Text>{format(t.confirmText, { name: product.name })}</Text>
      <FormField<RemoveValues> name="reason" label={t.reason} multiline rows={3} maxLength={OWNER_LIMITS.reasonMax} />
    </FormDialog>
  );
}
