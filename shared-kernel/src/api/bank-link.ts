import { queryOptions } from '@tanstack/react-query';
import { PaymentMethodList, type PaymentMethod, type PaymentOrderToken } from '../schemas/payment';
// Through the package, not './api-client': this subpath is bundled by each slice that uses it
// (payment schemas, no state), while the API client stays the page's one shared copy.
import { getApi } from 'shared-kernel/api';

/**
 * The payment-initiation provider as the browser meets it (spec 7): the bank list and the order
 * both come from the API, which talks to the provider (Montonio) server to server with the
 * merchant's secret. The browser only navigates to the provider's payment page, so a real
 * provider (or its sandbox host) is a server configuration, never a slice release.
 */
export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  return getApi().get('/payment/methods', { schema: PaymentMethodList });
}

export const paymentMethodsQueryKey = ['payment-methods'] as const;

/** The banks change rarely: one fetch per page life is enough. */
export function paymentMethodsQueryOptions() {
  return queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: getPaymentMethods, staleTime: 30 * 60_000 });
}

/** The provider's page of an order the API created: where the browser goes to pay. */
export async function createBankOrder(order: PaymentOrderToken): Promise<string> {
  return order.paymentUrl;
}
