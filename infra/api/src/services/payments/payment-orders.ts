import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { PAYMENT_HOLD_MINUTES, type PaymentOrderToken } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import type { PaymentRepository, ProviderOutcome, SettleResult } from '../../repositories/payment-repository';
import type { CreateOrderInput, OrderPurpose, PaymentOrders, SettleHandler } from './order-port';
import { merchantUrls, type BankLinkProvider } from './provider';

type AnyHandler = SettleHandler<OrderPurpose['kind']>;

/**
 * The bank-link orders of every feature paid by bank link (the `PaymentOrders` port): signs the
 * order for the provider, applies the provider's outcome exactly once and runs the purpose's
 * settle handler in that same transaction.
 */
export class PaymentOrdersService implements PaymentOrders {
  private readonly handlers = new Map<OrderPurpose['kind'], AnyHandler>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly repo: PaymentRepository,
    readonly provider: BankLinkProvider,
  ) {}

  onSettled<K extends OrderPurpose['kind']>(kind: K, handler: SettleHandler<K>): void {
    if (this.handlers.has(kind)) throw new Error(`payment orders: a settle handler for ${kind} is registered already`);
    this.handlers.set(kind, handler as unknown as AnyHandler);
  }

  async create(input: CreateOrderInput): Promise<PaymentOrderToken> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new ApiError(400, 'VALIDATION_ERROR', messages.validation.invalidAmount);
    const now = this.app.clock.now();
    await this.provider.assertListedBank(input.bank, now);
    const merchantReference = `RM-${crypto.randomBytes(12).toString('base64url')}`;
    const order = await this.repo.createOrder({
      merchantReference,
      userId: input.userId,
      amountCents: input.amountCents,
      purposeKind: input.purpose.kind,
      reservationId: input.purpose.kind === 'RESERVATION' ? input.purpose.reservationId : null,
      reservationHash: input.reservationHash ?? null,
      provider: this.provider.name,
      bank: input.bank,
      locale: input.locale ?? 'et',
      returnPath: input.returnPath,
      status: 'PENDING',
      createdTs: now,
      expiresTs: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
    });
    const data = this.provider.signOrder({ merchantReference, amountCents: order.amountCents, locale: order.locale, bank: order.bank, ...merchantUrls(this.app.config) }, now);
    return { data, ordersUrl: this.provider.ordersUrl, merchantReference, reservationHash: order.reservationHash };
  }

  /** Verifies a provider notification and applies it; a bad signature changes nothing. */
  async applyNotification(token: string): Promise<SettleResult> {
    const notification = this.provider.verifyNotification(token);
    if (!notification) throw new ApiError(400, 'INVALID_SIGNATURE', messages.errors.account.invalidSignature);
    return this.settle(notification.merchantReference, notification.paymentStatus);
  }

  settle(merchantReference: string, outcome: ProviderOutcome): Promise<SettleResult> {
    return this.repo.settle(merchantReference, outcome, this.app.clock.now(), async (tx, order, result) => {
      const handler = this.handlers.get(order.purposeKind);
      if (!handler) throw new Error(`payment orders: no settle handler for ${order.purposeKind}`);
      const purpose: OrderPurpose = order.purposeKind === 'RESERVATION' ? { kind: 'RESERVATION', reservationId: order.reservationId as number } : { kind: 'DEPOSIT' };
      await handler(purpose as never, { tx, orderId: order.id, userId: order.userId, amountCents: order.amountCents, outcome: result, now: this.app.clock.now() });
    });
  }

  /** Closes the orders nobody paid within the hold (their handlers run with EXPIRED). */
  async expireDue(): Promise<number> {
    const refs = await this.repo.expiredOrderReferences(this.app.clock.now());
    let n = 0;
    for (const ref of refs) if ((await this.settle(ref, 'EXPIRED')) === 'APPLIED') n += 1;
    return n;
  }
}
