import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { PAYMENT_HOLD_MINUTES, type PaymentOrderToken } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import type { PaymentOrderRow, PaymentRepository, ProviderOutcome, SettleResult } from '../../repositories/payment-repository';
import type { CreateOrderInput, OrderPurpose, PaymentOrders, SettleHandler } from './order-port';
import { merchantUrls, type BankLinkProvider, type ProviderNotification } from './provider';

/** Montonio's final statuses as our order outcomes; the others are not an end of a bank payment. */
const PROVIDER_OUTCOMES: Partial<Record<ProviderNotification['paymentStatus'], ProviderOutcome>> = {
  PAID: 'PAID',
  VOIDED: 'FAILED',
  ABANDONED: 'ABANDONED',
};

type AnyHandler = SettleHandler<OrderPurpose['kind']>;

/** The purpose an order row was created for. */
function purposeOf(order: PaymentOrderRow): OrderPurpose {
  if (order.purposeKind === 'RESERVATION') return { kind: 'RESERVATION', reservationId: order.reservationId as number };
  if (order.purposeKind === 'EXTENSION') return { kind: 'EXTENSION', extensionId: order.extensionId as number };
  return { kind: 'DEPOSIT' };
}

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
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
      throw new ApiError(400, 'VALIDATION_ERROR', messages.validation.invalidAmount);
    const now = this.app.clock.now();
    await this.provider.assertListedBank(input.bank, now);
    const merchantReference = `RM-${crypto.randomBytes(12).toString('base64url')}`;
    const order = await this.repo.createOrder({
      merchantReference,
      userId: input.userId,
      amountCents: input.amountCents,
      purposeKind: input.purpose.kind,
      reservationId: input.purpose.kind === 'RESERVATION' ? input.purpose.reservationId : null,
      extensionId: input.purpose.kind === 'EXTENSION' ? input.purpose.extensionId : null,
      reservationHash: input.reservationHash ?? null,
      provider: this.provider.name,
      bank: input.bank,
      locale: input.locale ?? 'et',
      returnPath: input.returnPath,
      status: 'PENDING',
      createdTs: now,
      expiresTs: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
    });
    let created: { paymentUrl: string };
    try {
      created = await this.provider.createOrder(
        { merchantReference, amountCents: order.amountCents, locale: order.locale, bank: order.bank, ...merchantUrls(this.app.config) },
        now,
      );
    } catch (error) {
      // The provider has no order: close ours now, so a booking's hold is let go at once.
      await this.settle(merchantReference, 'FAILED');
      throw error;
    }
    return { paymentUrl: created.paymentUrl, merchantReference, reservationHash: order.reservationHash };
  }

  /**
   * Checks a provider order token against our order: signed with our secret for our access key
   * (else 400 invalidSignature), an order of ours (else null), the same amount to the cent and
   * currency (else 400 notificationMismatch). Nothing changes on any refusal.
   */
  async verify(token: string): Promise<{ notification: ProviderNotification; order: PaymentOrderRow } | null> {
    const notification = await this.provider.verifyNotification(token);
    if (!notification) throw new ApiError(400, 'INVALID_SIGNATURE', messages.errors.account.invalidSignature);
    const order = await this.repo.findOrder(notification.merchantReference);
    if (!order) return null;
    if (notification.currency !== 'EUR' || notification.amountCents !== order.amountCents) {
      throw new ApiError(400, 'NOTIFICATION_MISMATCH', messages.errors.account.notificationMismatch);
    }
    return { notification, order };
  }

  /**
   * Verifies a provider notification and applies it: PAID credits, VOIDED fails and ABANDONED
   * cancels the order (each once); PENDING, AUTHORIZED and refund statuses change nothing here.
   */
  async applyNotification(token: string): Promise<SettleResult | 'IGNORED'> {
    const checked = await this.verify(token);
    if (!checked) return 'NOT_FOUND';
    const outcome = PROVIDER_OUTCOMES[checked.notification.paymentStatus];
    if (!outcome) return 'IGNORED';
    return this.settle(checked.order.merchantReference, outcome);
  }

  settle(merchantReference: string, outcome: ProviderOutcome): Promise<SettleResult> {
    return this.repo.settle(merchantReference, outcome, this.app.clock.now(), async (tx, order, result) => {
      const handler = this.handlers.get(order.purposeKind);
      if (!handler) throw new Error(`payment orders: no settle handler for ${order.purposeKind}`);
      const purpose = purposeOf(order);
      await handler(purpose as never, {
        tx,
        orderId: order.id,
        userId: order.userId,
        amountCents: order.amountCents,
        outcome: result,
        now: this.app.clock.now(),
      });
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
