import { PAYMENT_HOLD_MINUTES } from 'shared-kernel/schemas';
import type { Holds, PayContractFromWallet } from '../booking/holds';
import type { PaymentOrders } from '../payments/order-port';
import { payContractsFromWallet } from '../payments';

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
 * A paid hold's contract is paid from the wallet the bank payment has just credited, in the
 * webhook's transaction. The 1 h cutoff of paying from the balance does not apply: the booking was
 * made (and its time held) before the payment started.
 */
export const payContractFromWallet: PayContractFromWallet = async (tx, input) => {
  await payContractsFromWallet(tx, { payerId: input.userId, contractIds: [input.contractId], now: input.now, enforceCutoff: false });
};

/**
 * Registers the one settle handler of RESERVATION orders (instant book and go-kart): PAID pays the
 * contract from the wallet and accepts the booking; FAILED, CANCELLED and EXPIRED release its time.
 */
export function registerReservationSettlement(
  orders: PaymentOrders,
  holds: Holds,
  payContract: PayContractFromWallet = payContractFromWallet,
): void {
  orders.onSettled('RESERVATION', async (purpose, context) => {
    await holds.settleHold(
      context.tx,
      { reservationId: purpose.reservationId, payerId: context.userId, outcome: context.outcome, now: context.now },
      payContract,
    );
  });
}
