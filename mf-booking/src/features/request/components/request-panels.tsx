import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { accountPayUrl } from 'shared-kernel/platform';
import { Box, Button, Heading, HStack, Stack, Text } from 'shared-kernel/ui';
import { format, messages } from 'shared-kernel/messages';
import type { ContractByHash, Product, Reservation } from 'shared-kernel/schemas';
import { formatPeriod } from '../../../components/format-period';
import { PriceBreakdownTable } from '../../../components/price-breakdown-table';
import { partyName } from '../../../components/reservation-list';
import { StatusBadge } from '../../../components/status-badge';
import { bookingTexts } from '../../../messages/et';
import { cancelReservationMutationOptions } from '../api/cancel-reservation';
import { reservationPriceQueryOptions } from '../api/get-reservation-price';
import { AcceptDialog } from './accept-dialog';
import { DeclineDialog } from './decline-dialog';
import { ServicesEditor } from './services-editor';
import { ConfirmDialog } from 'shared-kernel/overlays';

const t = bookingTexts.request;
type Party = 'owner' | 'renter' | null;

/** What both parties agree on: product, period, statuses and the price. */
export function RequestSummary({ reservation, contract }: { reservation: Reservation; contract: ContractByHash | null }) {
  const price = useQuery({ ...reservationPriceQueryOptions(reservation.id, reservation.product.id), placeholderData: reservation.price });
  return (
    <Stack gap={2} mb={6}>
      <Heading as="h2" size="lg">
        {reservation.product.name}
      </Heading>
      <Text>
        {bookingTexts.flowCommon.period}: {formatPeriod(reservation.startTs, reservation.endTs)}
      </Text>
      <HStack gap={2} wrap="wrap">
        <Text>{bookingTexts.flowCommon.status}:</Text>
        <StatusBadge kind="reservation" status={reservation.status} />
        {contract ? (
          <>
            <Text>{t.contractStatus}:</Text>
            <StatusBadge kind="contract" status={contract.status} />
          </>
        ) : null}
      </HStack>
      <Box maxW="md">
        <PriceBreakdownTable price={price.data ?? reservation.price} />
      </Box>
    </Stack>
  );
}

function Panel({ title, name, children, testId }: { title: string; name: string; children: React.ReactNode; testId: string }) {
  return (
    <Stack as="section" aria-label={title} borderWidth="1px" borderRadius="md" p={4} gap={3} data-testid={testId}>
      <Heading as="h3" size="md">
        {title}: {name}
      </Heading>
      {children}
    </Stack>
  );
}

export interface PanelProps {
  reservation: Reservation;
  contract: ContractByHash | null;
  party: Party;
  product: Product | undefined;
}

/** The renter's side: the chosen services (editable while unanswered), cancel, and pay once accepted. */
export function RenterPanel({ reservation, contract, party, product, payable }: PanelProps & { payable: boolean }) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const cancel = useMutation(cancelReservationMutationOptions());
  const requested = reservation.status === 'REQUESTED';
  const mine = party === 'renter';
  return (
    <Panel title={t.renterPanel} name={partyName(reservation.user)} testId="renter-panel">
      <Text fontWeight="medium">{t.services}</Text>
      <ServicesEditor
        reservation={reservation}
        offered={product?.additionalServices ?? []}
        editable={mine && requested && Boolean(product)}
      />
      {contract?.ownerPhone && mine ? <Text>{format(t.ownerPhone, { phone: contract.ownerPhone })}</Text> : null}
      {cancel.isError ? (
        <Text role="alert" color="red.600">
          {messages.errors.cancel.reservationNotCancelled}
        </Text>
      ) : null}
      {cancel.isSuccess ? (
        <Text role="status" color="green.600">
          {messages.errors.cancel.reservationCancelled}
        </Text>
      ) : null}
      <HStack gap={2} wrap="wrap">
        <Button colorPalette="red" variant="outline" disabled={!mine || !requested} onClick={() => setConfirmOpen(true)}>
          {t.cancel}
        </Button>
        {payable && contract ? (
          <Button asChild colorPalette="green">
            <RouterLink to={accountPayUrl(contract.id)}>{t.pay}</RouterLink>
          </Button>
        ) : null}
      </HStack>
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t.cancelTitle}
        busy={cancel.isPending}
        testId="cancel-reservation-dialog"
        onConfirm={() => cancel.mutate(reservation.id, { onSettled: () => setConfirmOpen(false) })}
      >
        <Text>{t.cancelQuestion}</Text>
      </ConfirmDialog>
    </Panel>
  );
}

/** The owner's side: accept ('Kinnitan') or decline ('Loobun') while unanswered, then the message and payment state. */
export function OwnerPanel({ reservation, contract, party, product }: PanelProps) {
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const mine = party === 'owner';
  const answerable = mine && reservation.status === 'REQUESTED';
  return (
    <Panel title={t.ownerPanel} name={partyName(reservation.productOwner)} testId="owner-panel">
      {contract?.automaticText ? (
        <Box>
          <Text fontWeight="medium">{t.ownerMessage}</Text>
          <Text whiteSpace="pre-wrap">{contract.automaticText}</Text>
        </Box>
      ) : null}
      {mine && contract?.status === 'PENDING_PAYMENT' ? <Text color="orange.700">{t.paymentNotMade}</Text> : null}
      <HStack gap={2} wrap="wrap">
        <Button colorPalette="green" disabled={!answerable} onClick={() => setDialog('accept')}>
          {t.accept}
        </Button>
        <Button colorPalette="red" variant="outline" disabled={!answerable} onClick={() => setDialog('decline')}>
          {t.decline}
        </Button>
      </HStack>
      {dialog === 'accept' ? (
        <AcceptDialog reservation={reservation} paidLater={product?.paidLater ?? false} open onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'decline' ? <DeclineDialog reservation={reservation} open onClose={() => setDialog(null)} /> : null}
    </Panel>
  );
}
