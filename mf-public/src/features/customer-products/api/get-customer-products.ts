import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CustomerProductList, type CustomerProduct } from 'shared-kernel/schemas';

export function getCustomerProducts(customerId: number, page: number, perPage: number, signal?: AbortSignal) {
  return getApi().get(`/products/customer-products/${customerId}`, { query: { page, perPage }, schema: CustomerProductList, signal });
}

const PER_PAGE = 100;
// A guard against a server that keeps answering full pages.
const MAX_PAGES = 20;

/** Every product of one user: pages are asked for until one comes back short. */
export function customerProductsQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: ['customers', customerId, 'products'] as const,
    queryFn: async ({ signal }): Promise<CustomerProduct[]> => {
      const all: CustomerProduct[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const chunk = await getCustomerProducts(customerId, page, PER_PAGE, signal);
        all.push(...chunk);
        if (chunk.length < PER_PAGE) break;
      }
      return all;
    },
  });
}
