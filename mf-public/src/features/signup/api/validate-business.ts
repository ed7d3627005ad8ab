import { getApi } from 'shared-kernel/api';
import { BusinessValidateResponse, type BusinessValidateRequest } from 'shared-kernel/schemas';

export function validateBusiness(body: BusinessValidateRequest) {
  return getApi().post('/users/business/validate', { body, schema: BusinessValidateResponse });
}
