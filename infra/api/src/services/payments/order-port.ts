import type { PaymentOrderToken } from 'shared-kernel/schemas';
import type { Tx } from '../../db/transaction';

/**
 * The seam between the money side (ledger, bank-link provider, webhook) and the features that are
 * paid by bank link (deposit, instant book, go-kart). A feature creates an order for a purpose and
 * registers one settle handler for that purpose's kind; the webhook calls it exactly once per order,
 * inside the transaction that records the outcome, whatever the order of return and webhook.
 */
export type OrderPurpose =
  | { kind: 'DEPOSIT' }
  /** Instant book or go-kart: one reservation, its contract paid from the money when PAID. */
  | { kind: 'RESERVATION'; reservationId: number }
  /** A rental extension the owner accepted (issue 31): its difference paid from the money when PAID. */
  | { kind: 'EXTENSION'; extensionId: number };

import type { OrderOutcome } from '../../repositories/payment-repository';

export type { OrderOutcome };

export interface CreateOrderInput {
  /** The payer (signed in); the money is credited to their wallet first, then spent for the purpose. */
  userId: number;
  amountCents: number;
  purpose: OrderPurpose;
  /** The bank's `code` (PaymentInit.methodOptions.preferredProvider). */
  bank: string;
  locale?: string;
  /** Site path (with query) the browser returns to; the API adds `payment_result=success|pending|failure`. */
  returnPath: string;
  /** Set for bookings: echoed in the answer for the success view and the cancel call. */
  reservationHash?: string | null;
}

export interface SettleContext {
  /** The transaction that also records the order's outcome (and, for PAID, the deposit into the wallet). */
  tx: Tx;
  orderId: number;
  userId: number;
  amountCents: number;
  outcome: OrderOutcome;
  now: Date;
}

export type SettleHandler<K extends OrderPurpose['kind']> = (
  purpose: Extract<OrderPurpose, { kind: K }>,
  context: SettleContext,
) => Promise<void>;

export interface PaymentOrders {
  create(input: CreateOrderInput): Promise<PaymentOrderToken>;
  /** One handler per purpose kind; registering a second for the same kind throws. */
  onSettled<K extends OrderPurpose['kind']>(kind: K, handler: SettleHandler<K>): void;
}
