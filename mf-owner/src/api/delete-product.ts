import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProduct } from 'shared-kernel/schemas';

/** Takes a product off rent; the reason is optional and sent only when given. */
export function deleteProduct({ id, reason }: { id: number; reason?: string }): Promise<OwnerProduct> {
  const inActiveReason = reason?.trim() ? reason.trim() : null;
  return getApi().post(`/products/${id}/delete`, { body: { inActiveReason }, schema: OwnerProduct });
}

export function deleteProductMutationOptions() {
  return mutationOptions({ mutationFn: deleteProduct });
}
