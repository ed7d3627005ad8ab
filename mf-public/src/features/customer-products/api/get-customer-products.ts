import { getApi } from 'shared-kernel/api';
import { CustomerProductList } from 'shared-kernel/schemas';

export function getCustomerProducts(customerId: number, page: number, perPage: number) {
  return getApi().get(`/products/customer-products/${customerId}`, { query: { page, perPage }, schema: CustomerProductList });
}
