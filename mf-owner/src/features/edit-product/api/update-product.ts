import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProduct, type UpdateProductRequest } from 'shared-kernel/schemas';

/** `PUT /products/{id}`: the general and time fields. */
export function updateProduct({ id, body }: { id: number; body: UpdateProductRequest }): Promise<OwnerProduct> {
  return getApi().put(`/products/${id}`, { body, schema: OwnerProduct });
}

export function updateProductMutationOptions() {
  return mutationOptions({
    mutationFn: updateProduct,
    onSuccess: (_p, _v, _r, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
