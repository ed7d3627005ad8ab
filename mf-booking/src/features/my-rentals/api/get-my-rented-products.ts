import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { MyRentedProductList, type MyRentedProduct, type ReservationStatus } from 'shared-kernel/schemas';

export function getMyRentedProducts(statuses: readonly ReservationStatus[], signal?: AbortSignal): Promise<MyRentedProduct[]> {
  return getApi().get('/products/my-rented-products', { query: { reservationStatuses: statuses }, schema: MyRentedProductList, signal });
}

export function myRentedProductsQueryOptions(statuses: readonly ReservationStatus[]) {
  return queryOptions({
    queryKey: ['products', 'my-rented', ...statuses] as const,
    queryFn: ({ signal }) => getMyRentedProducts(statuses, signal),
  });
}
