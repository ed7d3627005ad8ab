import type { PaymentOrderToken } from 'shared-kernel/schemas';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import type { ProviderOutcome } from '../repositories/payment-repository';
import type { CreateOrderInput, OrderOutcome, OrderPurpose, PaymentOrders, SettleHandler } from '../services/payments/order-port';
import type { PaymentOrdersService } from '../services/payments/payment-orders';

export interface FakeOrder extends CreateOrderInput {
  id: number;
  merchantReference: string;
  outcome: OrderOutcome | null;
}

const PROVIDER_OUTCOME: Record<OrderOutcome, ProviderOutcome> = {
  PAID: 'PAID',
  FAILED: 'FAILED',
  CANCELLED: 'ABANDONED',
  EXPIRED: 'EXPIRED',
};

/**
 * The real payment orders (ledger, order rows, exactly-once settle) with a recorder in front, for
 * the tests of features paid by bank link: a test reads the orders its feature created and settles
 * one as the provider's webhook would, without the signed HTTP hop (test/payment.test.ts covers
 * that). `failNextCreate` plays a provider that is down.
 */
export class FakePaymentOrders implements PaymentOrders {
  readonly orders: FakeOrder[] = [];
  private real: PaymentOrdersService | undefined;
  failNextCreate = false;

  /** Called by the payment services plugin with the app's real orders. */
  attach(real: PaymentOrdersService): void {
    this.real = real;
  }

  /** Kept for the tests' set-up; the real orders already have the app's database and clock. */
  bind(_database: Database, _clock: Clock): void {}

  private get target(): PaymentOrdersService {
    if (!this.real) throw new Error('FakePaymentOrders is not attached to an app');
    return this.real;
  }

  async create(input: CreateOrderInput): Promise<PaymentOrderToken> {
    if (this.failNextCreate) {
      this.failNextCreate = false;
      throw new Error('payment provider unavailable');
    }
    const token = await this.target.create(input);
    this.orders.push({ ...input, id: this.orders.length + 1, merchantReference: token.merchantReference, outcome: null });
    return token;
  }

  onSettled<K extends OrderPurpose['kind']>(kind: K, handler: SettleHandler<K>): void {
    this.target.onSettled(kind, handler);
  }

  /** The last order created (for the reservation, when given). */
  last(reservationId?: number): FakeOrder {
    const found = [...this.orders]
      .reverse()
      .find((o) => reservationId === undefined || (o.purpose.kind === 'RESERVATION' && o.purpose.reservationId === reservationId));
    if (!found) throw new Error('no such order');
    return found;
  }

  /** Settles an order as the provider's webhook would; a second settle of the same order changes nothing. */
  async settle(order: FakeOrder, outcome: OrderOutcome): Promise<void> {
    await this.target.settle(order.merchantReference, PROVIDER_OUTCOME[outcome]);
    if (order.outcome === null) order.outcome = outcome;
  }
}
