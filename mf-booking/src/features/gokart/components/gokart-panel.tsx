import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { isApiError } from 'shared-kernel/api';
import { createBankOrder } from 'shared-kernel/api/bank-link';
import { bookingErrorMessage, formatEuros, GO_KART } from 'shared-kernel/domain';
import { Form, FORM_ERROR, FormError, FormField, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import { useDerivedSession, useSession } from 'shared-kernel/session';
import type { ProductDetails } from 'shared-kernel/schemas';
import { Box, Button, Flex, Grid, List, Loader, Stack, Text } from 'shared-kernel/ui';
import { MonthCalendar } from '../../../components/booking-pick/month-calendar';
import { tallinnToday } from '../../../components/booking-pick/pick-model';
import { BankField } from '../../../components/payment/bank-field';
import { BookingGate } from '../../../components/payment/booking-gate';
import { contactName, contactPhone } from '../../../components/payment/booking-contact';
import { leaveForBank } from '../../../components/payment/leave-for-bank';
import { useNow } from '../../../components/use-now';
import { bookingTexts } from '../../../messages/et';
import { createGokartReservationMutationOptions } from '../api/create-gokart-reservation';
import { gokartDayQueryOptions } from '../api/get-gokart-day';
import { SlotGrid } from './slot-grid';
import {
  daySlots,
  firstOpenDay,
  freePlaces,
  GokartForm,
  gokartRequestBody,
  gokartTotalCents,
  resizeRiders,
  slotState,
  slotsTaken,
  trackCalendar,
  type GokartFormInput,
  type GokartFormValues,
} from '../model/gokart-form';

const t = bookingTexts.goKart;

function gokartErrorMessage(error: unknown): string {
  if (isApiError(error, 'GOKART_FULL')) return t.full;
  if (isApiError(error, 'GOKART_CLOSED')) return t.closedError;
  return bookingErrorMessage(isApiError(error) ? error.codes : undefined);
}

/**
 * The go-kart track's booking section (spec 2.7 variant 2, product 229): a day, the number of
 * riders, one or more 20-minute slots with room for them all, the riders' names, the contact, and
 * payment by bank link.
 */
export function GokartPanel({ product }: { product: ProductDetails }) {
  const user = useSession((s) => s.user);
  const { canBook } = useDerivedSession();
  const today = useMemo(() => tallinnToday(), []);
  const calendar = useMemo(() => trackCalendar(product), [product]);
  const openDay = useMemo(() => firstOpenDay(calendar, today), [calendar, today]);
  const nowMs = useNow();
  const form = useZodForm(GokartForm, {
    defaultValues: {
      day: openDay,
      riderCount: 1,
      slots: [],
      personName: contactName(user),
      personPhone: contactPhone(user),
      riders: [''],
      bank: '',
    } satisfies GokartFormInput,
  });
  const dayField = useController({ control: form.control, name: 'day' });
  const slotsField = useController({ control: form.control, name: 'slots' });
  const [day, riderCount, slots] = useWatch({ control: form.control, name: ['day', 'riderCount', 'slots'] });
  const gokartDay = useQuery(gokartDayQueryOptions(day));
  const create = useMutation(createGokartReservationMutationOptions());
  const [leaving, setLeaving] = useState(false);

  const allSlots = gokartDay.data ? daySlots(gokartDay.data.opens, gokartDay.data.closes) : [];
  const stateOf = (slot: string, riders: number) => slotState(day, slot, slotsTaken(gokartDay.data, slot), riders, nowMs);
  const totalCents = gokartTotalCents(slots.length, riderCount);

  function pickDay(next: string) {
    dayField.field.onChange(next);
    form.setValue('slots', []);
  }

  function changeRiders(count: number) {
    form.setValue('riderCount', count);
    form.setValue('riders', resizeRiders(form.getValues('riders'), count));
    // A slot chosen for fewer riders may not hold the new number.
    form.setValue(
      'slots',
      form.getValues('slots').filter((slot) => stateOf(slot, count) === 'free'),
    );
  }

  function toggleSlot(slot: string) {
    const next = slots.includes(slot) ? slots.filter((s) => s !== slot) : [...slots, slot].sort();
    slotsField.field.onChange(next);
  }

  async function submit(values: GokartFormValues) {
    try {
      const order = await create.mutateAsync(gokartRequestBody(values));
      const paymentUrl = await createBankOrder(order);
      setLeaving(true);
      leaveForBank(paymentUrl);
    } catch (error) {
      if (isApiError(error, 'GOKART_FULL')) form.setValue('slots', []);
      form.setError(FORM_ERROR, serverError(gokartErrorMessage(error)));
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label={t.title}>
      <Stack gap={4} data-testid="gokart">
        <Box>
          <Text fontWeight="semibold" mb={2}>
            {t.day}
          </Text>
          <MonthCalendar
            product={calendar}
            today={today}
            single
            stateTexts={t.dayStates}
            value={{ start: day, end: '' }}
            onChange={(pick) => pickDay(pick.start)}
          />
        </Box>

        <Box>
          <Flex justify="space-between" mb={1}>
            <Text fontWeight="semibold" aria-hidden>
              {t.riders}
            </Text>
            <Text data-testid="rider-count">{riderCount === 1 ? t.riderValue : format(t.ridersValue, { count: riderCount })}</Text>
          </Flex>
          <input
            type="range"
            min={GO_KART.ridersMin}
            max={GO_KART.ridersMax}
            step={1}
            value={riderCount}
            aria-label={t.riders}
            style={{ width: '100%', accentColor: '#39C689' }}
            onChange={(e) => changeRiders(Number(e.target.value))}
          />
        </Box>

        <Box>
          <Text fontWeight="semibold">{t.slots}</Text>
          <Text fontSize="sm" color="gray.600" mb={2}>
            {format(t.slotsHint, { minutes: GO_KART.slotMinutes })}
          </Text>
          {gokartDay.isPending ? (
            <Loader label={t.loadingDay} />
          ) : gokartDay.isError ? (
            <Text role="alert">{messages.common.loadFailed}</Text>
          ) : allSlots.length === 0 ? (
            <Text data-testid="gokart-closed">{t.closed}</Text>
          ) : (
            <SlotGrid
              slots={allSlots}
              chosen={slots}
              stateOf={(slot) => stateOf(slot, riderCount)}
              freeOf={(slot) => freePlaces(slotsTaken(gokartDay.data, slot))}
              onToggle={toggleSlot}
            />
          )}
          {slotsField.fieldState.error ? (
            <Text role="alert" color="red.600" fontSize="sm" mt={1}>
              {slotsField.fieldState.error.message}
            </Text>
          ) : null}
        </Box>

        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={3}>
          {Array.from({ length: riderCount }, (_, i) => (
            <FormField<GokartFormInput> key={i} name={`riders.${i}`} label={format(t.riderName, { n: i + 1 })} required />
          ))}
        </Grid>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={3}>
          <FormField<GokartFormInput> name="personName" label={t.name} autoComplete="name" required />
          <FormField<GokartFormInput> name="personPhone" label={t.phone} type="tel" autoComplete="tel" inputMode="tel" required />
        </Grid>

        <Flex justify="space-between" fontWeight="bold" data-testid="gokart-total">
          <Text>
            {t.total}
            {slots.length > 0 ? (
              <Text as="span" fontWeight="normal" color="gray.600" ms={2}>
                {format(t.totalLine, { slots: slots.length, riders: riderCount, price: formatEuros(GO_KART.slotPriceCents) })}
              </Text>
            ) : null}
          </Text>
          <Text data-testid="gokart-total-value">{formatEuros(totalCents)}</Text>
        </Flex>

        <Box borderWidth="1px" borderRadius="md" p={3} bg="gray.50">
          <Text fontWeight="semibold" mb={1}>
            {t.rulesTitle}
          </Text>
          <List.Root ps={4} fontSize="sm">
            {t.rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List.Root>
        </Box>

        <BankField<GokartFormInput> name="bank" enabled={canBook} label={bookingTexts.instantBook.bank} />
        <FormError testId="gokart-error" />
        <BookingGate>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting || leaving} disabled={leaving}>
            {t.submit}
          </Button>
        </BookingGate>
      </Stack>
    </Form>
  );
}
