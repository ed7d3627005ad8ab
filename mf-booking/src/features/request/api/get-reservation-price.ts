import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { FeeBreakdown } from 'shared-kernel/schemas';

export function getReservationPrice(id: number, productId: number, signal?: AbortSignal): Promise<FeeBreakdown> {
  return getApi().get(`/reservations/${id}/product/${productId}/price`, { schema: FeeBreakdown, signal });
}

export function reservationPriceQueryOptions(id: number, productId: number) {
  return queryOptions({
    queryKey: ['reservations', id, 'price', productId] as const,
    queryFn: ({ signal }) => getReservationPrice(id, productId, signal),
  });
}
