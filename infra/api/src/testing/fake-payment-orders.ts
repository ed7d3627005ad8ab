import type { PaymentOrderToken } from 'shared-kernel/schemas';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import type { CreateOrderInput, OrderOutcome, OrderPurpose, PaymentOrders, SettleHandler } from '../services/payments/order-port';

export interface FakeOrder extends CreateOrderInput {
  id: number;
  outcome: OrderOutcome | null;
}

/**
 * The payment-order port as the tests of the features paid by bank link need it, until the real
 * provider is merged: it records the orders created and settles one by calling the registered
 * handler inside a transaction, exactly once, as the webhook does. Same signature as the port.
 */
export class FakePaymentOrders implements PaymentOrders {
  readonly orders: FakeOrder[] = [];
  private readonly handlers = new Map<OrderPurpose['kind'], SettleHandler<OrderPurpose['kind']>>();
  private database: Database | undefined;
  private clock: Clock | undefined;
  /** Set to make the next `create` fail, as a provider that is down would. */
  failNextCreate = false;

  /** The app's database and clock, once the app is built. */
  bind(database: Database, clock: Clock): void {
    this.database = database;
    this.clock = clock;
  }

  async create(input: CreateOrderInput): Promise<PaymentOrderToken> {
    if (this.failNextCreate) {
      this.failNextCreate = false;
      throw new Error('payment provider unavailable');
    }
    const id = this.orders.length + 1;
    this.orders.push({ ...input, id, outcome: null });
    return { data: `fake-order-${id}`, ordersUrl: 'https://sandbox.invalid/orders', merchantReference: `ORDER-${id}`, reservationHash: input.reservationHash ?? null };
  }

  onSettled<K extends OrderPurpose['kind']>(kind: K, handler: SettleHandler<K>): void {
    if (this.handlers.has(kind)) throw new Error(`A settle handler for ${kind} is registered already`);
    this.handlers.set(kind, handler as unknown as SettleHandler<OrderPurpose['kind']>);
  }

  /** The last order created (for the reservation, when given). */
  last(reservationId?: number): FakeOrder {
    const found = [...this.orders].reverse().find((o) => reservationId === undefined || (o.purpose.kind === 'RESERVATION' && o.purpose.reservationId === reservationId));
    if (!found) throw new Error('no such order');
    return found;
  }

  /** Settles an order once, as the webhook would: a second settle of the same order changes nothing. */
  async settle(order: FakeOrder, outcome: OrderOutcome): Promise<void> {
    if (!this.database || !this.clock) throw new Error('FakePaymentOrders is not bound to an app');
    if (order.outcome !== null) return;
    const handler = this.handlers.get(order.purpose.kind);
    if (!handler) throw new Error(`no settle handler for ${order.purpose.kind}`);
    const now = this.clock.now();
    await this.database.db.transaction(async (tx) => {
      await handler(order.purpose, { tx: tx as unknown as Database['db'], orderId: order.id, userId: order.userId, amountCents: order.amountCents, outcome, now });
    });
    order.outcome = outcome;
  }
}
