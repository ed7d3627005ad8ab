import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { Box, Button, List, Stack, Text } from 'shared-kernel/ui';
import { CheckboxField, Form, useZodForm } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import type { AdditionalService, Reservation } from 'shared-kernel/schemas';
import { bookingTexts } from '../../../messages/et';
import { updateAdditionalServicesMutationOptions } from '../api/update-additional-services';
import { serviceKey, ServicesForm, type ServicesValues } from '../model/request-forms';
import { renterServiceLabel } from '../model/service-prices';

const t = bookingTexts.request;

type Update = UseMutationResult<Reservation, Error, { id: number; ids: number[] }>;

/**
 * The ticks, made once the offered services are known: a form's defaults are read on its first
 * render, so one made while the product was loading left every box without a value (issue 25).
 */
function ServicesTicks({
  reservation,
  offered,
  update,
}: {
  reservation: Reservation;
  offered: readonly AdditionalService[];
  update: Update;
}) {
  const chosen = new Set(reservation.additionalServices.map((s) => s.id));
  const form = useZodForm(ServicesForm, {
    defaultValues: { services: Object.fromEntries(offered.map((s) => [serviceKey(s.id), chosen.has(s.id)])) },
  });

  const submit = async (ids: number[]) => {
    // The outcome shows under the ticks (update.isSuccess / isError).
    await update.mutateAsync({ id: reservation.id, ids }).catch(() => undefined);
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={t.services}>
      <Stack gap={2}>
        {offered.map((s) => (
          <CheckboxField<ServicesValues> key={s.id} name={`services.${serviceKey(s.id)}`} label={renterServiceLabel(s, reservation)} />
        ))}
        {update.isSuccess ? (
          <Text role="status" color="green.600">
            {messages.errors.reservation.additionalServicesUpdated}
          </Text>
        ) : null}
        {update.isError ? (
          <Text role="alert" color="red.600">
            {messages.errors.reservation.additionalServicesUpdateFailed}
          </Text>
        ) : null}
        <Box>
          <Button type="submit" size="sm" variant="outline" loading={form.formState.isSubmitting}>
            {t.saveServices}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}

/** The chosen additional services; the renter may change them while the request is unanswered. */
export function ServicesEditor({
  reservation,
  offered,
  editable,
}: {
  reservation: Reservation;
  offered: readonly AdditionalService[];
  editable: boolean;
}) {
  // Here, not in the ticks: the outcome stays shown when the saved reservation remakes them.
  const update = useMutation(updateAdditionalServicesMutationOptions());

  if (!editable || offered.length === 0) {
    return reservation.additionalServices.length === 0 ? (
      <Text color="gray.600">{t.noServices}</Text>
    ) : (
      <List.Root ps={5}>
        {reservation.additionalServices.map((s) => (
          <List.Item key={s.id}>{renterServiceLabel(s, reservation)}</List.Item>
        ))}
      </List.Root>
    );
  }

  // A new offer or a saved choice makes the ticks again from the server's state.
  const key = [...offered.map((s) => s.id), '|', ...reservation.additionalServices.map((s) => s.id)].join(',');
  return <ServicesTicks key={key} reservation={reservation} offered={offered} update={update} />;
}
