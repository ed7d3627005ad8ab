import { useMutation } from '@tanstack/react-query';
import { z } from 'shared-kernel/zod';
import { Button, CloseButton, Portal, Stack, Text } from 'shared-kernel/ui';
import { Dialog } from 'shared-kernel/overlays';
import { Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
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
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <Form form={form} onSubmit={submit} data-testid="remove-product-dialog">
              <Dialog.Header>
                <Dialog.Title>{t.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={3}>
                  <Text>{format(t.confirmText, { name: product.name })}</Text>
                  <FormField<RemoveValues> name="reason" label={t.reason} multiline rows={3} maxLength={OWNER_LIMITS.reasonMax} />
                  <FormError />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={onClose}>
                  {t.cancel}
                </Button>
                <Button type="submit" colorPalette="red" loading={form.formState.isSubmitting}>
                  {t.confirm}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={messages.common.close} />
              </Dialog.CloseTrigger>
            </Form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
