import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'shared-kernel/router';
import { format, messages } from 'shared-kernel/messages';
import { usePageTitle } from 'shared-kernel/platform';
import type { Reservation } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Box, Flex, Heading, Link, Stack, Text } from 'shared-kernel/ui';
import { bookingTexts } from '../../messages/et';
import { bookedContractDocumentUrl } from './api/contract-document-url';
import { bookedReservationQueryKey, bookedReservationQueryOptions } from './api/get-booked-reservation';
import { successState, validHash, type SuccessState } from './success-model';

const t = bookingTexts.bookingSuccess;
const CONTRACTS = '/auth/contracts';

export interface BookingSuccessViewProps {
  /** 'Broneering õnnestus' or the go-kart's own title. */
  title: string;
  /** Where 'Tagasi toote juurde' leads when the booking does not say (the go-kart page). */
  productPath: (reservation: Reservation | undefined) => string;
  testId: string;
}

function Detail({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Flex gap={2} wrap="wrap" data-testid={testId}>
      <Text fontWeight="semibold" minW="28">
        {label}
      </Text>
      <Box>{children}</Box>
    </Flex>
  );
}

function Confirmation({ reservation, hash }: { reservation: Reservation; hash: string }) {
  const gokart = reservation.gokart;
  return (
    <Stack gap={2} borderWidth="1px" borderRadius="lg" p={4} data-testid="booking-confirmation">
      <Detail label={t.product} testId="success-product">
        {reservation.product.name}
      </Detail>
      <Detail label={t.period} testId="success-period">
        {`${formatTallinnShort(reservation.startTs)} – ${formatTallinnShort(reservation.endTs)}`}
      </Detail>
      {gokart ? (
        <>
          <Detail label={t.slots} testId="success-slots">
            {gokart.slots.join(', ')}
          </Detail>
          <Detail label={t.riders} testId="success-riders">
            {gokart.riders.join(', ')}
          </Detail>
        </>
      ) : null}
      <Link href={bookedContractDocumentUrl(hash)} target="_blank" rel="noopener" colorPalette="brand">
        {t.contract}
      </Link>
    </Stack>
  );
}

/**
 * Where the bank sends the renter back (`?name=&hash=&payment_result=success|pending|failure`): a failure
 * says so and leads back to the product (the server has already released the time); a success
 * shows the booking once the API has it paid, asking again for a few seconds while the bank's
 * notification is still on its way.
 */
export function BookingSuccessView({ title, productPath, testId }: BookingSuccessViewProps) {
  const [search] = useSearchParams();
  const name = (search.get('name') ?? '').trim();
  const hash = search.get('hash') ?? '';
  const paymentResult = search.get('payment_result');
  const known = validHash(hash);
  const queryClient = useQueryClient();
  const reservation = useQuery({ ...bookedReservationQueryOptions(hash), enabled: known });
  // How many answers have come: the polling's own count, which the query result does not carry.
  // Reading dataUpdatedAt subscribes to every answer, also one equal to the last (still pending).
  const answeredAt = reservation.dataUpdatedAt;
  const dataUpdateCount = answeredAt ? (queryClient.getQueryState(bookedReservationQueryKey(hash))?.dataUpdateCount ?? 0) : 0;
  const state: SuccessState = successState(
    paymentResult,
    known ? { data: reservation.data, isPending: reservation.isPending, isError: reservation.isError, dataUpdateCount } : undefined,
  );
  const failed = state === 'failed' || state === 'released';
  usePageTitle(failed ? t.failedTitle : title);

  const rentalLink = known ? (
    <Link asChild colorPalette="brand">
      <RouterLink to={`/auth/rent-completed?rental=${encodeURIComponent(hash)}`}>{bookingTexts.rentSuccess.rentalLink}</RouterLink>
    </Link>
  ) : null;
  const home = (
    <Link asChild colorPalette="brand">
      <RouterLink to="/public">{bookingTexts.rentSuccess.home}</RouterLink>
    </Link>
  );

  if (failed) {
    return (
      <Box w="100%" maxW="xl" data-testid={testId}>
        <Heading as="h1" size="2xl" mb={3}>
          {t.failedTitle}
        </Heading>
        <Text mb={4} role="alert">
          {state === 'released' ? t.notPaid : t.failedText}
        </Text>
        <Flex gap={6} wrap="wrap">
          <Link asChild colorPalette="brand">
            <RouterLink to={productPath(reservation.data)}>{t.backToProduct}</RouterLink>
          </Link>
          {home}
        </Flex>
      </Box>
    );
  }

  return (
    <Box w="100%" maxW="xl" data-testid={testId}>
      <Heading as="h1" size="2xl" mb={3}>
        {title}
      </Heading>
      <Text mb={4}>{name ? format(bookingTexts.rentSuccess.thanks, { name }) : bookingTexts.rentSuccess.thanksAnonymous}</Text>
      {state === 'checking' ? (
        <Text mb={4} role="status" color="gray.700" data-testid="payment-checking">
          {t.checking}
        </Text>
      ) : null}
      {state === 'bankPending' ? (
        <Text mb={4} role="status" color="orange.700" data-testid="payment-bank-pending">
          {t.bankPending}{' '}
          <Link asChild colorPalette="brand">
            <RouterLink to={CONTRACTS}>{t.contracts}</RouterLink>
          </Link>
          .
        </Text>
      ) : null}
      {state === 'stillPending' ? (
        <Text mb={4} color="orange.700" data-testid="payment-pending">
          {t.stillPending}{' '}
          <Link asChild colorPalette="brand">
            <RouterLink to={CONTRACTS}>{t.contracts}</RouterLink>
          </Link>
        </Text>
      ) : null}
      {state === 'paid' && reservation.data ? (
        <Box mb={4}>
          <Text mb={2} color="green.700" data-testid="payment-succeeded">
            {messages.payment.paymentSucceeded}
          </Text>
          <Confirmation reservation={reservation.data} hash={hash} />
        </Box>
      ) : null}
      {state === 'unknown' && known && !reservation.isPending ? (
        <Text mb={4} color="gray.700" data-testid="booking-details-missing">
          {t.noDetails}
        </Text>
      ) : null}
      <Flex gap={6} wrap="wrap">
        {rentalLink}
        {home}
      </Flex>
    </Box>
  );
}
