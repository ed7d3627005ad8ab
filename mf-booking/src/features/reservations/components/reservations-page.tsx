import { useQuery } from '@tanstack/react-query';
import { SlicePage } from 'shared-kernel/platform';
import { messages } from 'shared-kernel/messages';
import { ReservationList } from '../../../components/reservation-list';
import { bookingTexts } from '../../../messages/et';
import { ownerRequestsQueryOptions } from '../api/get-owner-requests';
import { QueryView } from 'shared-kernel/ui';
import { firstTabUnlessKnown, TabbedPage } from 'shared-kernel/overlays';

const t = bookingTexts.reservations;
const TABS = ['pending'] as const;

function PendingRequests() {
  const query = useQuery(ownerRequestsQueryOptions());
  return (
    <QueryView query={query}>
      {(list) => <ReservationList reservations={list} empty={messages.common.noPendingReservations} openLabel={t.open} />}
    </QueryView>
  );
}

/** /auth/reservations: the pending requests on the owner's products (one tab, `pending`). */
export function ReservationsPage() {
  return (
    <SlicePage title={t.title}>
      <TabbedPage
        label={t.title}
        resolve={firstTabUnlessKnown(TABS)}
        tabs={[{ id: 'pending', label: t.tabs.pending, content: <PendingRequests /> }]}
      />
    </SlicePage>
  );
}
