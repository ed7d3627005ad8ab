import type { PaymentMethod, PaymentOrderToken } from '../schemas/payment';
import { PaymentMethodListGuard } from '../schemas/payment-guard';
import { getApi } from './api-client';

// Slice versions built before the bank link left the shared API client (issue 28) import these
// from 'shared-kernel/api', and a shared kernel subpath only grows (ADR 0030): the same functions
// and query key as 'shared-kernel/api/bank-link', checking the answer with the zod-free guard
// (schemas/payment-guard.ts), so the shared client still puts no zod on the first paint.

/** The same key as 'shared-kernel/api/bank-link': both fill one cache entry. */
export const paymentMethodsQueryKey = ['payment-methods'] as const;

export async function getPaymentMethods(): Promise<PaymentMethod[]> {
  return getApi().get('/payment/methods', { schema: PaymentMethodListGuard });
}

/** As the subpath's, without TanStack Query's identity helper (one module less on the shared client). */
export function paymentMethodsQueryOptions() {
  return { queryKey: paymentMethodsQueryKey, queryFn: getPaymentMethods, staleTime: 30 * 60_000 };
}

export async function createBankOrder(order: PaymentOrderToken): Promise<string> {
  return order.paymentUrl;
}
