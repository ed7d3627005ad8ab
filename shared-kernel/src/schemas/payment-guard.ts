import { guardOf, list, obj, str } from '../guards/checks';
import type { PaymentMethodList } from './payment';

// `PaymentMethodList` without zod, for the bank link the shared API client still offers to slices
// built before it moved (api/bank-link-compat.ts, issue 28). payment-guard.test.ts holds it equal
// to the schema in payment.ts.
export const PaymentMethodListGuard = guardOf<PaymentMethodList>(list(obj({ code: str(), name: str(), logoUrl: str() })));
