import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProduct, type NewProductRequest } from 'shared-kernel/schemas';

/** `POST /products`: the new product, at once visible to the public reads. */
export function createProduct(body: NewProductRequest): Promise<OwnerProduct> {
  return getApi().post('/products', { body, schema: OwnerProduct });
}

/** The owner's lists and every product read are asked again. */
export function createProductMutationOptions() {
  return mutationOptions({
    mutationFn: createProduct,
    onSuccess: (_product, _body, _result, { client }) => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
