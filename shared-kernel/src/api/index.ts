export { createApiClient, configureApi, getApi, buildQuery, joinUrl, DEFAULT_BASE_URL } from './api-client';
export type { ApiClient, ApiClientConfig, RequestOptions, RequestOptionsOf, QueryParams, QueryValue, ResponseType } from './api-client';
export { ApiError, isApiError } from './api-error';
export type { ApiErrorInit, ClientErrorCode } from './api-error';
export { getPaymentMethods, paymentMethodsQueryKey, paymentMethodsQueryOptions, createBankOrder } from './bank-link';
