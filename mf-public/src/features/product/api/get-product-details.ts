import { getApi } from 'shared-kernel/api';
import { ProductDetails } from 'shared-kernel/schemas';

export function getProductDetails(id: number, signal?: AbortSignal): Promise<ProductDetails> {
  return getApi().get(`/products/${id}/details`, { schema: ProductDetails, signal });
}
