import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProduct } from 'shared-kernel/schemas';

export function restoreProduct(id: number): Promise<OwnerProduct> {
  return getApi().put(`/products/${id}/restore`, { schema: OwnerProduct });
}

/** The lists read again on the page's own schedule (spec: reload after 1.5 s), see `useRefreshSoon`. */
export function restoreProductMutationOptions() {
  return mutationOptions({ mutationFn: restoreProduct });
}
