import { useMutation } from '@tanstack/react-query';
import { Box, Button, Stack, Text } from 'shared-kernel/ui';
import { Dialog, DialogFrame } from 'shared-kernel/overlays';
import { Form, FormError, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { notify } from 'shared-kernel/ui';
import { DeclineReason, type Reservation } from 'shared-kernel/schemas';
import { bookingTexts } from '../../../messages/et';
import { declineReservationMutationOptions } from '../api/decline-reservation';
import { DeclineForm } from '../model/request-forms';

const t = bookingTexts.request;

/** The owner's decline with one of the three reasons (NOT_AVAILABLE preselected). */
export function DeclineDialog({ reservation, open, onClose }: { reservation: Reservation; open: boolean; onClose: () => void }) {
  const decline = useMutation(declineReservationMutationOptions());
  const form = useZodForm(DeclineForm, { defaultValues: { reason: 'NOT_AVAILABLE' } });

  const submit = async ({ reason }: { reason: DeclineReason }) => {
    try {
      await decline.mutateAsync({ id: reservation.id, reason });
      notify({ type: 'success', message: t.declined });
      onClose();
    } catch {
      form.setError(FORM_ERROR, serverError(t.declineFailed));
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose}>
      <Form form={form} onSubmit={submit} data-testid="decline-dialog">
        <Dialog.Header>
          <Dialog.Title>{t.declineTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack as="fieldset" gap={2}>
            <Text as="legend" fontWeight="medium" mb={2}>
              {t.declineReason}
            </Text>
            {DeclineReason.options.map((reason) => (
              <Box as="label" key={reason} display="flex" gap={2} alignItems="center" cursor="pointer">
                <input type="radio" value={reason} {...form.register('reason')} />
                {t.declineReasons[reason]}
              </Box>
            ))}
            <FormError />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="ghost" onClick={onClose}>
            {messages.common.close}
          </Button>
          <Button type="submit" colorPalette="red" loading={form.formState.isSubmitting}>
            {t.declineConfirm}
          </Button>
        </Dialog.Footer>
      </Form>
    </DialogFrame>
  );
}
