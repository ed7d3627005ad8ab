import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProduct, type ProductImageOrder } from 'shared-kernel/schemas';

/** `PUT /products/{id}/images`: the product's images in order (first = cover). */
export function saveImageOrder({ productId, body }: { productId: number; body: ProductImageOrder }): Promise<OwnerProduct> {
  return getApi().put(`/products/${productId}/images`, { body, schema: OwnerProduct });
}

export function saveImageOrderMutationOptions() {
  return mutationOptions({
    mutationFn: saveImageOrder,
    onSuccess: (_p, _v, _r, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
