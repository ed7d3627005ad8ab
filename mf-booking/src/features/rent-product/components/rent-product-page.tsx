import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from 'shared-kernel/router';
import { isApiError } from 'shared-kernel/api';
import { bookingErrorMessage, formatEuros, GO_KART_PRODUCT_ID, TIMINGS, toCents } from 'shared-kernel/domain';
import { emit } from 'shared-kernel/events';
import { CheckboxField, Form, FORM_ERROR, FormError, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { format, messages, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { usePageTitle } from 'shared-kernel/platform';
import type { Product } from 'shared-kernel/schemas';
import { useDerivedSession, useSession } from 'shared-kernel/session';
import { Box, Button, Heading, Link, Loader, notify, Stack, Text } from 'shared-kernel/ui';
import { BookingPickFields } from '../../../components/booking-pick/booking-pick-fields';
import { pickRefusal } from '../../../components/booking-pick/calendar-model';
import {
  calendarProduct,
  dayState,
  offersHourly,
  periodOf,
  pickFromSearch,
  quotePick,
  tallinnToday,
} from '../../../components/booking-pick/pick-model';
import { PeriodSummary, PriceBreakdown } from '../../../components/booking-pick/price-breakdown';
import { bookingTexts } from '../../../messages/et';
import { createReservationMutationOptions } from '../api/create-reservation';
import { productQueryOptions } from '../api/get-product';
import { chosenServices, RentForm, renterServicePriceCents, reservationBody, serviceField } from '../model/rent-form';

const t = bookingTexts.rentProduct;
const PROFILE = '/auth/user-profile';
const PENDING_CONTRACTS = '/auth/contracts?tabId=pending';

/**
 * `/auth/rent-product/:id` (spec 2.8): the renter's booking form, prefilled from the product page's
 * pick (`startD`, `endD`, `startH`, `endH`).
 */
export function RentProductPage() {
  usePageTitle(t.title);
  const { id } = useParams();
  const productId = Number(id);
  const validId = Number.isInteger(productId) && productId > 0;
  const user = useSession((s) => s.user);
  const { needsVerification } = useDerivedSession();
  const navigate = useNavigate();
  const product = useQuery({
    ...productQueryOptions(validId ? productId : 0),
    enabled: validId && !needsVerification && productId !== GO_KART_PRODUCT_ID,
  });

  // Users who must verify their identity cannot rent until identified (spec 2.8, 6).
  useEffect(() => {
    if (!user || !needsVerification) return;
    notify({ type: 'info', message: messages.errors.booking.needsVerification });
    void navigate(PROFILE, { replace: true });
  }, [user, needsVerification, navigate]);

  if (productId === GO_KART_PRODUCT_ID) return <Navigate to="/public/raasilla" replace />;
  if (needsVerification) return null;
  if (!validId) return <Text role="alert">{t.notFound}</Text>;
  // A failed refetch (after the booking invalidated it) keeps the form the renter is looking at.
  if (product.data) return <RentProductForm product={product.data} />;
  if (product.isPending) return <Loader minH="40vh" label={t.loading} />;
  const missing = isApiError(product.error) && product.error.status === 404;
  return <Text role="alert">{missing ? t.notFound : messages.common.loadFailed}</Text>;
}

function RentProductForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { canBook, isLimited } = useDerivedSession();
  const today = useMemo(() => tallinnToday(), []);
  const refusalId = `${useId()}-refusal`;
  const form = useZodForm(RentForm, {
    defaultValues: {
      ...pickFromSearch(search, product),
      services: Object.fromEntries(product.additionalServices.map((s) => [`s${s.id}`, false])),
    },
  });
  const values = useWatch({ control: form.control }) as RentForm;
  const create = useMutation(createReservationMutationOptions());
  const [locked, setLocked] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const services = chosenServices(product, values.services);
  const period = periodOf(product, values);
  // A period from the URL may not be free: say why before any click, and let the calendar pick another.
  const calendar = useMemo(() => calendarProduct(product), [product]);
  const refusal = pickRefusal({ start: values.startD, end: values.endD }, values.hourly && offersHourly(product), (day) =>
    dayState(day, calendar, today),
  );
  const quote = quotePick(
    product,
    period,
    services.map((s) => toCents(s.cost)),
  );
  const zeroSum = period !== undefined && (!quote || quote.totalCents <= 0);

  async function submit() {
    if (!period) return;
    try {
      const reservation = await create.mutateAsync({ productId: product.id, body: reservationBody(period, services) });
      emit('reservation-changed', { reservationId: reservation.id, status: reservation.status });
      notify({ type: 'success', message: t.succeeded });
      setLocked(true);
      timers.current.push(setTimeout(() => setLocked(false), TIMINGS.bookingButtonLockMs));
      timers.current.push(setTimeout(() => void navigate(PENDING_CONTRACTS), TIMINGS.bookingRedirectMs));
    } catch (error) {
      // The debtor refusals carry the amounts (the debt, the limit, what is rented): the server's own Estonian text says them.
      const debtor = isApiError(error, 'RENTER_IN_DEBT') || isApiError(error, 'DEBTOR_LIMIT');
      const text = debtor ? error.message : bookingErrorMessage(isApiError(error) ? error.codes : undefined, { rentPage: true });
      form.setError(FORM_ERROR, serverError(text));
    }
  }

  return (
    <Box w="100%" maxW="2xl">
      <Heading as="h1" size="2xl" mb={1}>
        {t.title}
      </Heading>
      <Text fontSize="lg" mb={4} data-testid="rent-product-name">
        {product.name}
      </Text>
      <Form form={form} onSubmit={submit} aria-label={t.title}>
        <Stack gap={4}>
          <BookingPickFields product={product} today={today} />
          {product.additionalServices.length > 0 ? (
            <Box as="fieldset">
              <Text as="legend" fontWeight="semibold" mb={2}>
                {t.additionalServices}
              </Text>
              <Stack gap={2}>
                {product.additionalServices.map((s) => (
                  <CheckboxField<RentForm>
                    key={s.id}
                    name={serviceField(s.id)}
                    label={format(t.serviceCost, { name: s.name, price: formatEuros(renterServicePriceCents(product, s, period)) })}
                  />
                ))}
              </Stack>
            </Box>
          ) : null}
          {period ? <PeriodSummary period={period} /> : <Text color="gray.600">{bookingTexts.panel.pickHint}</Text>}
          <PriceBreakdown quote={quote} />
          {zeroSum ? (
            <Text color="orange.700" data-testid="zero-sum">
              {messages.errors.booking.zeroSum}
            </Text>
          ) : null}
          {isLimited ? (
            <Text color="orange.700" data-testid="debtor-limit">
              {messages.errors.rentalLife.debtorLimitExplained}
            </Text>
          ) : null}
          {!canBook ? (
            <Text color="orange.700" data-testid="credit-assessment">
              {format(messages.errors.booking.needsCreditAssessment, { email: SUPPORT_EMAIL })}
            </Text>
          ) : null}
          {refusal ? (
            <Text role="alert" color="red.600" data-testid="period-refused" id={refusalId}>
              {bookingErrorMessage(refusal, { rentPage: true })} {t.pickAnother}
            </Text>
          ) : null}
          <FormError testId="rent-error" />
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            disabled={!canBook || !period || zeroSum || locked || refusal !== undefined}
            aria-describedby={refusal ? refusalId : undefined}
          >
            {t.submit}
          </Button>
          <Link asChild colorPalette="brand">
            <RouterLink to={`/public/detail-view/${product.id}`}>{t.back}</RouterLink>
          </Link>
        </Stack>
      </Form>
    </Box>
  );
}
