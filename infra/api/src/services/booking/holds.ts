import { eq } from 'drizzle-orm';
import { feeBreakdown } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import { inTallinn } from 'shared-kernel/time';
import type { Db } from '../../db/database';
import { reservations } from '../../db/schema';
import { withTransaction, type Tx } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import {
  acceptPendingContract,
  cancelContractOf,
  databaseError,
  gokartSlotsOf,
  insertReservation,
  lockReservation,
  pendingContractIdOf,
  updateReservation,
  userName,
  type ReservationRepository,
  type ReservationRow,
} from '../../repositories/reservation-repository';
import { loadForBooking, productName, type BookingProduct } from '../../repositories/booking-product';
import { recordNotice } from '../../repositories/party-notices';
import type { ReservationPlan } from '../availability/plan-reservation';
import { writeContract } from './contract-writer';
import { assertDebtorMayBook } from './debtor-limits';
import { declineStale } from './request-lifecycle';
import { assertNotBlocked, period, plannedReservation, unavailable } from './rules';

/** The outcome of a bank-link payment for a held reservation, as the payment side reports it. */
export type HoldOutcome = 'PAID' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** Pays a contract from the payer's wallet inside the settling transaction (the ledger's function). */
export type PayContractFromWallet = (tx: Tx, input: { contractId: number; userId: number; now: Date }) => Promise<void>;

/** A held reservation that has just been paid, for the owner's notice. */
export interface PaidHold {
  reservationId: number;
  kind: ReservationRow['kind'];
}

/**
 * Releases a held reservation (payment failed, cancelled, expired, or the caller gave up): it is
 * CANCELLED and its contract too, nothing charged. Only PENDING_PAYMENT ones: a paid booking is
 * never undone here. Answers whether it released anything.
 */
async function releaseHold(tx: Tx, r: ReservationRow, now: Date): Promise<boolean> {
  if (r.status !== 'PENDING_PAYMENT' || (r.kind !== 'AUTOMATED' && r.kind !== 'GOKART')) return false;
  await updateReservation(tx, r.id, { status: 'CANCELLED', holdExpiresTs: null, updatedTs: now });
  await cancelContractOf(tx, r.id, 'PENDING_PAYMENT', now);
  return true;
}

async function gokartPaidMessage(tx: Tx, r: ReservationRow): Promise<string> {
  const slots = await gokartSlotsOf(tx, r.id);
  return format(messages.notifications.gokartBookingPaid, {
    person: (r.personName ?? '').trim(),
    day: inTallinn(r.startTs).toFormat('dd.MM.yyyy'),
    riders: slots[0]?.riders ?? 0,
    slots: slots.map((s) => inTallinn(s.slotStartTs).toFormat('HH:mm')).join(', '),
  });
}

/** Bookings that hold their time while the bank takes the money: instant book and go-kart (spec 4, 9). */
export class Holds {
  constructor(
    private readonly db: Db,
    private readonly repo: ReservationRepository,
  ) {}

  /**
   * Instant book (spec 4): an AUTOMATED reservation that holds its time in PENDING_PAYMENT until
   * `holdExpiresTs`, with its contract written at once (PENDING_PAYMENT, the owner's automatic
   * approval text), taken like any booking (ADR 0013: product row lock, `plan` on the locked data,
   * overlap refused by the exclusion constraint). `plan` judges and prices; the caller's amount is
   * checked against the contract's total here, so the two can never disagree.
   */
  async createAutomated(
    input: { productId: number; renterId: number; name: string; phone: string; amountCents: number; holdExpiresTs: Date; now: Date },
    plan: (product: BookingProduct) => ReservationPlan,
  ): Promise<{ id: number; hash: string; totalCents: number; product: BookingProduct }> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const product = await loadForBooking(tx, input.productId);
        const accepted = plan(product);
        await assertNotBlocked(tx, product.id, accepted);
        const fee = feeBreakdown({
          amountCents: accepted.amountCents,
          additionalServiceCostCents: accepted.additionalServiceCostCents,
          vatRateBp: accepted.vatRateBp,
        });
        if (fee.totalCents !== input.amountCents)
          throw new ApiError(409, 'PAYMENT_AMOUNT_MISMATCH', messages.errors.booking.paymentAmountMismatch);
        await assertDebtorMayBook(tx, input.renterId, fee.totalCents, input.now);
        await declineStale(tx, input.now, product.id);
        const acceptedText = product.automaticallyApprovedTxt ?? '';
        const row = await insertReservation(tx, {
          ...plannedReservation(product, input.renterId, accepted, input.now),
          kind: 'AUTOMATED',
          status: 'PENDING_PAYMENT',
          acceptedText,
          personName: input.name,
          personPhone: input.phone,
          holdExpiresTs: input.holdExpiresTs,
        });
        const contract = await writeContract(tx, {
          reservation: row,
          product: { id: product.id, name: product.name, depositCents: product.depositCents },
          status: 'PENDING_PAYMENT',
          paidLater: false,
          acceptedText,
          extraData: { kind: 'AUTOMATED', renterName: input.name, renterPhone: input.phone },
          now: input.now,
        });
        return { id: row.id, hash: row.hash, totalCents: contract.totalCents, product };
      });
    } catch (error) {
      if (databaseError(error)?.code === '23P01') throw unavailable();
      throw error;
    }
  }

  /** Releases a hold by id, outside any payment (the order could not be started). */
  async releaseHoldById(id: number, now: Date): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const r = await lockReservation(tx, eq(reservations.id, id));
      if (r) await releaseHold(tx, r, now);
    });
  }

  /**
   * `…/automated-with-payment/cancel`: the caller's held instant books of the product (the one of
   * `hash` when given) are released. Idempotent: nothing held is no error; a paid one is untouched.
   */
  async cancelHeldAutomated(input: { productId: number; renterId: number; hash?: string; now: Date }): Promise<number> {
    let released = 0;
    for (const id of await this.repo.heldAutomatedIds(input.productId, input.renterId, input.hash)) {
      released += await withTransaction(this.db, async (tx) => {
        const r = await lockReservation(tx, eq(reservations.id, id));
        return r && r.userId === input.renterId && (await releaseHold(tx, r, input.now)) ? 1 : 0;
      });
    }
    return released;
  }

  /**
   * The payment of a held reservation settled (called once per order, inside the transaction that
   * records the outcome). PAID: the contract is paid from the wallet the money has just reached, and
   * reservation and contract become ACCEPTED, with a notice for the owner. Anything else releases
   * the hold. A reservation no longer held (released by the caller or the safety net, before a late
   * PAID) is left as it is: the money stays in the payer's wallet.
   */
  async settleHold(
    tx: Tx,
    input: { reservationId: number; payerId: number; outcome: HoldOutcome; now: Date },
    payContract: PayContractFromWallet,
  ): Promise<PaidHold | null> {
    const r = await lockReservation(tx, eq(reservations.id, input.reservationId));
    if (!r || r.status !== 'PENDING_PAYMENT' || r.userId !== input.payerId) return null;
    if (input.outcome !== 'PAID') {
      await releaseHold(tx, r, input.now);
      return null;
    }
    const contractId = await pendingContractIdOf(tx, r.id);
    if (contractId === null) return null;
    await payContract(tx, { contractId, userId: input.payerId, now: input.now });
    await updateReservation(tx, r.id, { status: 'ACCEPTED', holdExpiresTs: null, updatedTs: input.now });
    // The ledger's payment may already have moved the contract; this makes sure either way.
    await acceptPendingContract(tx, contractId, input.now);
    const name = await productName(tx, r.productId);
    const renter = await userName(tx, input.payerId);
    const message =
      r.kind === 'GOKART'
        ? await gokartPaidMessage(tx, r)
        : format(messages.notifications.instantBookPaid, {
            renter: [renter?.name, renter?.lastName].filter(Boolean).join(' '),
            product: name,
            ...period(r),
          });
    await recordNotice(
      tx,
      'PRODUCT_RENTAL_REQUEST_APPROVED',
      { userId: r.productOwnerId, product: name, hash: r.hash, contractId, message },
      r.id,
      r.productId,
      input.now,
    );
    return { reservationId: r.id, kind: r.kind };
  }

  /**
   * The safety net behind the payment's own expiry: holds whose time passed more than `graceMs` ago
   * are released, so a lost expiry notice never keeps a product's time (or go-kart places) taken.
   */
  async releaseExpiredHolds(now: Date, graceMs: number): Promise<number> {
    const cutoff = new Date(now.getTime() - graceMs);
    let released = 0;
    for (const id of await this.repo.expiredHoldIds(cutoff)) {
      released += await withTransaction(this.db, async (tx) => {
        const r = await lockReservation(tx, eq(reservations.id, id));
        if (!r || r.holdExpiresTs === null || r.holdExpiresTs.getTime() > cutoff.getTime()) return 0;
        return (await releaseHold(tx, r, now)) ? 1 : 0;
      });
    }
    return released;
  }
}
