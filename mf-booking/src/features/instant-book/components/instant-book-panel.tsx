import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { isApiError } from 'shared-kernel/api';
import { createBankOrder } from 'shared-kernel/api/bank-link';
import { bookingErrorMessage } from 'shared-kernel/domain';
import { Form, FORM_ERROR, FormError, FormField, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { format, messages } from 'shared-kernel/messages';
import type { ProductDetails } from 'shared-kernel/schemas';
import { dailyWindow } from 'shared-kernel/time';
import { useSearchParams } from 'shared-kernel/router';
import { useDerivedSession, useSession } from 'shared-kernel/session';
import { Box, Button, Grid, Stack, Text } from 'shared-kernel/ui';
import { MonthCalendar } from '../../../components/booking-pick/month-calendar';
import {
  calendarProduct,
  dayState,
  instantFromSearchedPeriod,
  searchedPeriod,
  tallinnToday,
} from '../../../components/booking-pick/pick-model';
import { PeriodSummary, PriceBreakdown } from '../../../components/booking-pick/price-breakdown';
import { BankField } from '../../../components/payment/bank-field';
import { BookingGate } from '../../../components/payment/booking-gate';
import { contactName, contactPhone } from '../../../components/payment/booking-contact';
import { leaveForBank } from '../../../components/payment/leave-for-bank';
import { useNow } from '../../../components/use-now';
import { bookingTexts } from '../../../messages/et';
import { cancelAutomatedReservationMutationOptions } from '../api/cancel-automated-reservation';
import { createAutomatedReservationMutationOptions } from '../api/create-automated-reservation';
import {
  automatedRequestBody,
  DAYS_MAX,
  HOURS_MAX,
  InstantBookForm,
  instantPeriod,
  instantQuote,
  periodProblem,
  type InstantBookInput,
  type InstantBookValues,
  type PeriodProblem,
} from '../model/instant-book-form';
import { StepperField } from './stepper-field';

const t = bookingTexts.instantBook;

function problemText(problem: PeriodProblem, product: ProductDetails): string {
  if (problem === 'outsideHours') return format(t.outsideHours, { open: product.startTs, close: product.endTs });
  if (problem === 'startInPast') return messages.errors.booking.startInPast;
  if (problem === 'tooLong') return messages.errors.api.rentalTooLong;
  return messages.errors.booking.unavailable;
}

/**
 * The booking section of an automatically approved product (spec 2.7 variant 1): contact, start
 * day, days and hours, the price, the bank and 'Maksa ja rendi'. The reservation holds its time
 * while the renter is at the bank; any failure on the way cancels it (spec 4).
 */
export function InstantBookPanel({ product }: { product: ProductDetails }) {
  const user = useSession((s) => s.user);
  const { canBook } = useDerivedSession();
  const today = useMemo(() => tallinnToday(), []);
  const nowMs = useNow();
  const calendar = useMemo(() => calendarProduct(product), [product]);
  // A dated search (issue 32) links here with `from`/`to`: the form opens with that period.
  const [search] = useSearchParams();
  const [searched] = useState(() =>
    instantFromSearchedPeriod(
      searchedPeriod(search),
      product,
      { maxHours: HOURS_MAX },
      (day) => dayState(day, calendar, today) === 'available',
    ),
  );
  const form = useZodForm(InstantBookForm, {
    defaultValues: {
      name: contactName(user),
      phone: contactPhone(user),
      startD: searched?.startD ?? '',
      startM: searched?.startM ?? dailyWindow(product).open,
      returnM: searched?.returnM ?? null,
      days: searched?.days ?? 1,
      hours: searched?.hours ?? 0,
      bank: '',
    } satisfies InstantBookInput,
  });
  const start = useController({ control: form.control, name: 'startD' });
  const [name, phone, startD, startM, days, hours, returnM] = useWatch({
    control: form.control,
    name: ['name', 'phone', 'startD', 'startM', 'days', 'hours', 'returnM'],
  });
  const reserve = useMutation(createAutomatedReservationMutationOptions());
  const cancel = useMutation(cancelAutomatedReservationMutationOptions());
  const [leaving, setLeaving] = useState(false);

  const times = { startD, startM, days, hours, returnM };
  const period = instantPeriod(product, times);
  const problem = periodProblem(product, times, today, nowMs);
  const quote = problem ? undefined : instantQuote(product, period);
  const totalCents = quote?.totalCents ?? 0;
  const zeroSum = period !== undefined && !problem && totalCents <= 0;
  const ready = name.trim() !== '' && phone.trim() !== '' && totalCents > 0;

  async function submit(values: InstantBookValues) {
    if (!period || totalCents <= 0) return;
    let reservationHash: string | null = null;
    try {
      const order = await reserve.mutateAsync({ productId: product.id, body: automatedRequestBody(values, period, totalCents) });
      reservationHash = order.reservationHash;
      const paymentUrl = await createBankOrder(order);
      setLeaving(true);
      leaveForBank(paymentUrl);
    } catch (error) {
      // Spec 4: whatever failed, the held time is given back before the renter tries again.
      cancel.mutate({ productId: product.id, body: reservationHash ? { reservationHash } : {} });
      form.setError(FORM_ERROR, serverError(bookingErrorMessage(isApiError(error) ? error.codes : undefined)));
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label={t.title}>
      <Stack gap={4} data-testid="instant-book">
        <Text fontSize="sm" color="gray.700">
          {t.intro}
        </Text>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={3}>
          <FormField<InstantBookInput> name="name" label={t.name} autoComplete="name" required />
          <FormField<InstantBookInput> name="phone" label={t.phone} type="tel" autoComplete="tel" inputMode="tel" required />
        </Grid>
        <Box>
          <Text fontWeight="semibold" mb={2}>
            {t.start}
          </Text>
          <MonthCalendar
            product={calendar}
            today={today}
            single
            value={{ start: startD, end: '' }}
            onChange={(pick) => start.field.onChange(pick.start)}
          />
          {start.fieldState.error ? (
            <Text role="alert" color="red.600" fontSize="sm">
              {start.fieldState.error.message}
            </Text>
          ) : null}
        </Box>
        <Stack gap={2}>
          <StepperField<InstantBookInput> name="days" label={t.days} max={DAYS_MAX} />
          <StepperField<InstantBookInput> name="hours" label={t.hours} max={HOURS_MAX} />
        </Stack>
        {period ? (
          <PeriodSummary period={period} />
        ) : (
          <Text fontSize="sm" color="gray.600">
            {t.pickStart}
          </Text>
        )}
        {problem ? (
          <Text color="orange.700" data-testid="period-problem">
            {problemText(problem, product)}
          </Text>
        ) : null}
        <PriceBreakdown quote={quote} />
        {zeroSum ? (
          <Text color="orange.700" data-testid="zero-sum">
            {messages.errors.booking.zeroSum}
          </Text>
        ) : null}
        <BankField<InstantBookInput> name="bank" enabled={canBook} label={t.bank} />
        <FormError testId="instant-book-error" />
        <BookingGate>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting || leaving} disabled={!ready || leaving}>
            {t.submit}
          </Button>
        </BookingGate>
      </Stack>
    </Form>
  );
}
