import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethod, PaymentOrderToken } from '../schemas/payment';
import { getApi } from './api-client';

// Slice versions built before the bank link left the shared API client (issue 28) import these
// from 'shared-kernel/api', and a shared kernel subpath only grows (ADR 0030): the same functions
// and query key as 'shared-kernel/api/bank-link', with the payment schemas (and zod) loaded on
// first use, so the first paint still loads none.

/** The same key as 'shared-kernel/api/bank-link': both fill one cache entry. */
export const paymentMethodsQueryKey = ['payment-methods'] as const;

export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  const { PaymentMethodList } = await import('../schemas/payment');
  return getApi().get('/payment/methods', { schema: PaymentMethodList });
}

export function paymentMethodsQueryOptions() {
  return queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: getPaymentMethods, staleTime: 30 * 60_000 });
}

export async function createBankOrder(order: PaymentOrderToken): Promise<string> {
  return order.paymentUrl;
}
