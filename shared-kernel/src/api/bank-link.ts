import { queryOptions } from '@tanstack/react-query';
import { PaymentJwt, PaymentMethodList, PaymentOrderCreated, type PaymentMethod, type PaymentOrderToken } from '../schemas/payment';
import { getApi } from './api-client';
import { ApiError } from './api-error';
import { messages } from 'shared-kernel/messages';

/**
 * The payment-initiation provider's two browser calls (spec 7): the bank list from its store
 * endpoint with a bearer token the API issues, and the order the API signed, answered with the
 * bank page to send the browser to. Both hosts come from the API, so a real provider (or the
 * .ee/.eu switch) is a server configuration, never a slice release.
 */
async function providerCall<T>(url: string, init: RequestInit, parse: (body: unknown) => T): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'omit' });
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.common.networkError, cause });
  }
  if (!response.ok) throw new ApiError({ status: response.status, code: 'PROVIDER_ERROR', message: messages.payment.paymentFailed });
  return parse(await response.json());
}

export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  const jwt = await getApi().get('/payment/jwt', { schema: PaymentJwt });
  return providerCall(`${jwt.storesUrl}/payment-methods`, { headers: { Authorization: `Bearer ${jwt.token}` } }, (body) =>
    PaymentMethodList.parse(body),
  );
}

export const paymentMethodsQueryKey = ['payment-methods'] as const;

/** The banks change rarely: one fetch per page life is enough. */
export function paymentMethodsQueryOptions() {
  return queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: getPaymentMethods, staleTime: 30 * 60_000 });
}

/** Sends the API's signed order to the provider; answers the bank page's address. */
export async function createBankOrder(order: PaymentOrderToken): Promise<string> {
  const created = await providerCall(
    order.ordersUrl,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ data: order.data }) },
    (body) => PaymentOrderCreated.parse(body),
  );
  return created.paymentUrl;
}
