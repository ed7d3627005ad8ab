import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'shared-kernel/router';
import { Box, Button, ErrorFallback, HStack, SimpleGrid, Stack, Text, QueryView } from 'shared-kernel/ui';
import { SlicePage } from 'shared-kernel/platform';
import { TIMINGS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { useSession } from 'shared-kernel/session';
import type { Reservation } from 'shared-kernel/schemas';
import { bookingTexts } from '../../../messages/et';
import { contractByHashQueryOptions } from '../api/get-contract-by-hash';
import { productQueryOptions } from '../api/get-product';
import { reservationByHashQueryOptions } from '../api/get-reservation-by-hash';
import { currentStep, isStale, mayPay, partyOf } from '../model/request-state';
import { MessageButton } from './message-button';
import { OwnerPanel, RenterPanel, RequestSummary } from './request-panels';
import { RequestStepper } from './request-stepper';
import { StepOne } from './step-one';
import { contractDocumentUrlByHash } from '../api/contract-document-url';

const t = bookingTexts.request;
// setTimeout's longest delay; a start further away is looked at again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The current time, advanced when the reservation's start passes (the page turns stale then). */
function useNowUntil(instant: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!instant) return;
    const wait = Date.parse(instant) - now;
    if (!(wait > 0)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [instant, now]);
  return now;
}

function RequestView({ reservation, hash, reload }: { reservation: Reservation; hash: string; reload: () => unknown }) {
  const userId = useSession((s) => s.user?.id);
  const party = partyOf(reservation, userId);
  const contractQuery = useQuery(contractByHashQueryOptions(hash));
  const product = useQuery(productQueryOptions(reservation.product.id));
  const now = useNowUntil(reservation.startTs);
  const stale = isStale(reservation, now);
  const contract = contractQuery.data ?? null;
  const reached = currentStep(contract);
  const [chosenStep, setChosenStep] = useState<0 | 1 | null>(null);
  const step = chosenStep !== null && chosenStep <= reached ? chosenStep : reached;

  // Spec 4: an outdated request is declined (or cancelled) by the server on its next read; read it again once.
  const reloaded = useRef(false);
  const { refetch: refetchContract } = contractQuery;
  useEffect(() => {
    if (!stale || reservation.status !== 'REQUESTED' || reloaded.current) return;
    const timer = setTimeout(() => {
      reloaded.current = true;
      void reload();
      void refetchContract();
    }, TIMINGS.outdatedReservationReloadMs);
    return () => clearTimeout(timer);
  }, [stale, reservation.status, reload, refetchContract]);

  const other = party === 'owner' ? reservation.user : party === 'renter' ? reservation.productOwner : null;
  return (
    <Stack gap={4}>
      <RequestStepper step={step} reached={reached} onSelect={setChosenStep} />
      {stale ? (
        <Text role="alert" color="orange.700" fontWeight="bold">
          {messages.errors.reservation.outdated}
        </Text>
      ) : null}
      {step === 0 || !contract || !party || userId === undefined ? (
        <>
          <RequestSummary reservation={reservation} contract={contract} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
            <RenterPanel
              reservation={reservation}
              contract={contract}
              party={party}
              product={product.data}
              payable={mayPay(contract, party, now)}
            />
            <OwnerPanel reservation={reservation} contract={contract} party={party} product={product.data} />
          </SimpleGrid>
        </>
      ) : (
        <StepOne reservation={reservation} contract={contract} party={party} userId={userId} />
      )}
      <HStack gap={2} wrap="wrap" align="start">
        {other ? <MessageButton toUserId={other.id} productId={reservation.product.id} reservationId={reservation.id} /> : null}
        {contract ? (
          <Button asChild size="sm" variant="outline">
            <a href={contractDocumentUrlByHash(hash)} download target="_blank" rel="noreferrer">
              {t.download}
            </a>
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** /auth/rent-completed?rental={hash}: the request between renter and owner, then the active rent. */
export function RequestPage() {
  const [params] = useSearchParams();
  const hash = params.get('rental') ?? '';
  return (
    <SlicePage title={t.title}>
      {hash ? <RequestByHash hash={hash} /> : <ErrorFallback title={messages.errors.reservation.notFound} message="" />}
    </SlicePage>
  );
}

function RequestByHash({ hash }: { hash: string }) {
  const query = useQuery(reservationByHashQueryOptions(hash));
  return (
    <Box>
      <QueryView query={query} notFound={messages.errors.reservation.notFound}>
        {(reservation) => <RequestView reservation={reservation} hash={hash} reload={query.refetch} />}
      </QueryView>
    </Box>
  );
}
