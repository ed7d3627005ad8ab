import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { Dialog, DialogFrame } from 'shared-kernel/overlays';
import { CheckboxField, Form, FormError, FormField, FORM_ERROR, serverError, useZodForm } from 'shared-kernel/forms';
import { isApiError } from 'shared-kernel/api';
import { acceptErrorMessage } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { notify } from 'shared-kernel/ui';
import { ACCEPTED_TEXT_MAX, type Reservation } from 'shared-kernel/schemas';
import { bookingTexts } from '../../../messages/et';
import { acceptReservationMutationOptions } from '../api/accept-reservation';
import { acceptFormSchema, type AcceptValues } from '../model/request-forms';
import { ownerServicesAgreement } from '../model/service-prices';

const t = bookingTexts.request;

export interface AcceptDialogProps {
  reservation: Reservation;
  /** The product is paid on return: the paid-later accept is offered too. */
  paidLater: boolean;
  open: boolean;
  onClose: () => void;
}

/** The owner's accept: a required message (default template) and, for paid services, the agreement tick. */
export function AcceptDialog({ reservation, paidLater, open, onClose }: AcceptDialogProps) {
  const accept = useMutation(acceptReservationMutationOptions());
  const needsAgreement = reservation.additionalServiceCost > 0;
  const form = useZodForm(acceptFormSchema(needsAgreement), { defaultValues: { acceptedText: t.acceptDefaultText, agree: false } });
  // Which of the two submit buttons sent the form.
  const viaPaidLater = useRef(false);

  const submit = async ({ acceptedText }: { acceptedText: string }) => {
    try {
      await accept.mutateAsync({
        id: reservation.id,
        paidLater: viaPaidLater.current,
        body: { acceptedText, additionalCost: reservation.additionalServiceCost },
      });
      notify({ type: 'success', message: t.accepted });
      onClose();
    } catch (err) {
      form.setError(FORM_ERROR, serverError(acceptErrorMessage(isApiError(err) ? err.codes : null)));
    }
  };

  return (
    <DialogFrame open={open} onClose={onClose}>
      <Form form={form} onSubmit={submit} data-testid="accept-dialog">
        <Dialog.Header>
          <Dialog.Title>{t.acceptTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap={3}>
            <FormField<AcceptValues>
              name="acceptedText"
              label={t.acceptMessage}
              required
              multiline
              rows={4}
              maxLength={ACCEPTED_TEXT_MAX}
            />
            {needsAgreement ? <CheckboxField<AcceptValues> name="agree" label={ownerServicesAgreement(reservation)} required /> : null}
            <FormError />
            {reservation.additionalServices.length > 0 ? (
              <Text fontSize="sm" color="gray.600">
                {t.services}: {reservation.additionalServices.map((s) => s.name).join(', ')}
              </Text>
            ) : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Button variant="ghost" onClick={onClose}>
            {messages.common.close}
          </Button>
          {paidLater ? (
            <Button
              type="submit"
              variant="outline"
              colorPalette="brand"
              loading={accept.isPending && accept.variables?.paidLater === true}
              onClick={() => (viaPaidLater.current = true)}
            >
              {t.acceptPaidLater}
            </Button>
          ) : null}
          <Button
            type="submit"
            colorPalette="brand"
            loading={accept.isPending && accept.variables?.paidLater === false}
            onClick={() => (viaPaidLater.current = false)}
          >
            {t.acceptConfirm}
          </Button>
        </Dialog.Footer>
      </Form>
    </DialogFrame>
  );
}
