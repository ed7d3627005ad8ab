import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProduct } from 'shared-kernel/schemas';

/** `DELETE /products/{id}/image/{imageId}`. */
export function deleteImage({ productId, imageId }: { productId: number; imageId: number }): Promise<OwnerProduct> {
  return getApi().delete(`/products/${productId}/image/${imageId}`, { schema: OwnerProduct });
}

export function deleteImageMutationOptions() {
  return mutationOptions({
    mutationFn: deleteImage,
    onSuccess: (_p, _v, _r, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
