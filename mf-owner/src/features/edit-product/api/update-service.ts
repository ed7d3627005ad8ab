import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AdditionalService, type AdditionalServiceInput } from 'shared-kernel/schemas';

/** `PUT /products/{id}/services/{serviceId}/update`. */
export function updateService({
  productId,
  serviceId,
  body,
}: {
  productId: number;
  serviceId: number;
  body: AdditionalServiceInput;
}): Promise<AdditionalService> {
  return getApi().put(`/products/${productId}/services/${serviceId}/update`, { body, schema: AdditionalService });
}

export function updateServiceMutationOptions() {
  return mutationOptions({
    mutationFn: updateService,
    onSuccess: (_s, _v, _r, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
