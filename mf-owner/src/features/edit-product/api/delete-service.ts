import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';

/** `DELETE /products/{id}/services/{serviceId}`. */
export function deleteService({ productId, serviceId }: { productId: number; serviceId: number }): Promise<unknown> {
  return getApi().delete(`/products/${productId}/services/${serviceId}`);
}

export function deleteServiceMutationOptions() {
  return mutationOptions({
    mutationFn: deleteService,
    onSuccess: (_s, _v, _r, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
