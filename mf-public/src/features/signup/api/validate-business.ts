import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { BusinessValidateResponse, type BusinessValidateRequest } from 'shared-kernel/schemas';

export function validateBusiness(body: BusinessValidateRequest) {
  return getApi().post('/users/business/validate', { body, schema: BusinessValidateResponse });
}

/** A check with side effects on the server (it may be billed), so it runs as a mutation, not a cached query. */
export function validateBusinessMutationOptions() {
  return mutationOptions({ mutationFn: validateBusiness });
}
