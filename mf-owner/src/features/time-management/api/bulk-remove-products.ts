import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProductList, type OwnerProduct } from 'shared-kernel/schemas';

/** Takes many of the caller's products off rent at once (marks them deleted). */
export function bulkRemoveProducts({ userId, productIds }: { userId: number; productIds: number[] }): Promise<OwnerProduct[]> {
  return getApi().post(`/products/bulk-edit-delete/user/${userId}`, { body: { productIds }, schema: OwnerProductList });
}

export function bulkRemoveProductsMutationOptions() {
  return mutationOptions({ mutationFn: bulkRemoveProducts });
}
