import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Contract } from 'shared-kernel/schemas';

/** The full contract of a reservation: its handover and return flags. */
export function getReservationContract(reservationId: number, signal?: AbortSignal): Promise<Contract> {
  return getApi().get(`/contracts/reservation/${reservationId}`, { schema: Contract, signal });
}

export const reservationContractQueryKey = (reservationId: number) => ['contracts', 'reservation', reservationId] as const;

export function reservationContractQueryOptions(reservationId: number) {
  return queryOptions({
    queryKey: reservationContractQueryKey(reservationId),
    queryFn: ({ signal }) => getReservationContract(reservationId, signal),
  });
}
