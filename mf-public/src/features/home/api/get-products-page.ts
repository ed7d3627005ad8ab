import { getApi } from 'shared-kernel/api';
import { ProductList } from 'shared-kernel/schemas';

export function getProductsPage(page: number, perPage: number) {
  return getApi().get('/products', { query: { page, perPage }, schema: ProductList });
}
