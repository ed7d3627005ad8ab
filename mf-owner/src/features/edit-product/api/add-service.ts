import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { AdditionalService, type AdditionalServiceInput } from 'shared-kernel/schemas';

/** `POST /products/{id}/services`: a new additional service. */
export function addService({ productId, body }: { productId: number; body: AdditionalServiceInput }): Promise<AdditionalService> {
  return getApi().post(`/products/${productId}/services`, { body, schema: AdditionalService });
}

export function addServiceMutationOptions() {
  return mutationOptions({
    mutationFn: addService,
    onSuccess: (_s, _v, _r, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
