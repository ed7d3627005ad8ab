import type { FastifyInstance } from 'fastify';
import { PAYMENT_HOLD_MINUTES } from 'shared-kernel/schemas';
import type { PayContractFromWallet, ReservationRepository } from '../../repositories/reservation-repository';
import type { PaymentOrders } from '../payments/order-port';

/** When a hold taken now ends: the payment's own expiry releases it then. */
export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);
}

/**
 * The safety net releases a hold only this long after its expiry, so a payment the provider
 * confirms right at the end of its 15 minutes still finds its reservation held.
 */
export const HOLD_RELEASE_GRACE_MS = 5 * 60_000;

/**
 * TODO(issue 12, merge with H1): replace with the ledger's "pay a contract from the wallet" function
 * (H1's payments service; same transaction, the contract's total moved from the payer's wallet).
 * Until then a paid hold's contract is only marked ACCEPTED by settleHold, with no ledger movement.
 */
export const payContractFromWallet: PayContractFromWallet = async () => {};

/**
 * Registers the one settle handler of RESERVATION orders (instant book and go-kart): PAID pays the
 * contract from the wallet and accepts the booking; FAILED, CANCELLED and EXPIRED release its time.
 */
export function registerReservationSettlement(orders: PaymentOrders, repo: ReservationRepository, payContract: PayContractFromWallet = payContractFromWallet): void {
  orders.onSettled('RESERVATION', async (purpose, context) => {
    await repo.settleHold(context.tx, { reservationId: purpose.reservationId, payerId: context.userId, outcome: context.outcome, now: context.now }, payContract);
  });
}

/** The bank-link orders of the app; missing only while the payment side is not merged (tests build without it). */
export function paymentOrdersOf(app: FastifyInstance): PaymentOrders | undefined {
  return app.hasDecorator('paymentOrders') ? app.paymentOrders : undefined;
}
