export { createApiClient, configureApi, getApi, buildQuery, joinUrl, DEFAULT_BASE_URL } from './api-client';
export type { ApiClient, ApiClientConfig, RequestOptions, RequestOptionsOf, QueryParams, QueryValue, ResponseType } from './api-client';
export { ApiError, isApiError } from './api-error';
export type { ApiErrorInit, ClientErrorCode } from './api-error';
// The bank link (its payment schemas pull zod) is 'shared-kernel/api/bank-link', bundled by the
// slices that pay: the shared API client stays free of zod for the first paint (issue 28). These
// are for slice versions built before that, their schemas loaded on first use.
export { getPaymentMethods, paymentMethodsQueryKey, paymentMethodsQueryOptions, createBankOrder } from './bank-link-compat';
