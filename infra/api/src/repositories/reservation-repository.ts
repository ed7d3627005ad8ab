import { withTransaction, type Tx } from '../db/transaction';
import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { feeBreakdown, formatEuros, vatInclusiveBreakdown, type FeeBreakdownCents } from 'shared-kernel/domain';
import { inTallinn, rentalSpan, type PriceTier } from 'shared-kernel/time';
import { format, messages } from 'shared-kernel/messages';
import type { AdditionalService, CancelByHashAnswer, DeclineReason, FeeBreakdown, Reservation, ReservationStatus, ReservationUserDetails } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { additionalServices, contactInfos, contracts, gokartSlotBookings, notifications, productVacationDays, products, reservationAdditionalServices, reservations, users } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { centsToEuros, eurosToCents } from '../lib/money';
import { formatTallinn } from '../lib/tallinn-time';

export type ReservationRow = typeof reservations.$inferSelect;

/**
 * A notification recorded for the other party of a transition, returned so the route can mail it
 * after the commit (mail is a courtesy: a failing mail server must not undo the transition).
 */
export interface PartyNotice {
  userId: number;
  product: string;
  message: string;
  /** The reservation's hash: the mail links to its page. */
  hash: string;
  /** Set for contract events: the mail links to the contracts page instead. */
  contractId?: number;
}

type NoticeType = 'PRODUCT_RENTAL_REQUEST_APPROVED' | 'PRODUCT_RENTAL_UPDATE';

/** Records the notice in the transaction, pointing at the reservation (id and hash) and the contract. */
export async function recordNotice(tx: Tx, type: NoticeType, notice: PartyNotice, reservationId: number, productId: number, now: Date): Promise<void> {
  await tx.insert(notifications).values({
    userId: notice.userId,
    type,
    message: notice.message,
    referenceList: [
      { type: 'RESERVATION', referenceId: reservationId },
      { type: 'RESERVATION_HASH', referenceId: notice.hash },
      ...(notice.contractId === undefined ? [] : [{ type: 'CONTRACT', referenceId: notice.contractId }]),
      { type: 'PRODUCT', referenceId: productId },
    ],
    createdTs: now,
  });
}

/**
 * Locks a reservation for a transition in the order of ADR 0013: its product's row first (the
 * lock every booking of the product queues on), then the reservation row itself.
 */
export async function lockReservation(tx: Tx, where: SQL): Promise<ReservationRow | null> {
  const [head] = await tx.select({ productId: reservations.productId }).from(reservations).where(where).limit(1);
  if (!head) return null;
  await tx.select({ id: products.id }).from(products).where(eq(products.id, head.productId)).for('no key update');
  const [row] = await tx.select().from(reservations).where(where).for('update').limit(1);
  return row ?? null;
}

/** The parties' contractData snapshots (spec: owner and renter identity details), by user id. */
async function partySnapshots(tx: Tx, partyIds: number[]) {
  const people = await tx
    .select({ id: users.id, name: users.name, lastName: users.lastName, identityCode: users.identityCode })
    .from(users)
    .where(inArray(users.id, partyIds));
  const phones = await tx
    .select({ userId: contactInfos.userId, value: contactInfos.value })
    .from(contactInfos)
    .where(and(inArray(contactInfos.userId, partyIds), eq(contactInfos.type, 'PHONE')))
    .orderBy(desc(contactInfos.prime), asc(contactInfos.id));
  return (userId: number) => {
    const u = people.find((p) => p.id === userId);
    return { id: userId, name: u?.name ?? '', lastName: u?.lastName ?? null, identityCode: u?.identityCode ?? null, phone: phones.find((p) => p.userId === userId)?.value ?? null };
  };
}

/**
 * The fee breakdown of a stored reservation, from the amounts fixed when it was made. A go-kart
 * booking's `priceCents` is the riders' price with the owner's VAT inside (spec 9: 20 € a ride), so
 * its VAT is taken out of it; every other reservation stores the net rent and adds VAT and the fee
 * (ADR 0012). Every reader of a stored price goes through here, so a contract, its PDF and the
 * request page show the same lines as the payment.
 */
export function storedBreakdown(r: Pick<ReservationRow, 'kind' | 'priceCents' | 'additionalServiceCostCents' | 'vatRateBp'>): FeeBreakdownCents {
  if (r.kind === 'GOKART') return vatInclusiveBreakdown({ grossCents: r.priceCents, vatRateBp: r.vatRateBp });
  return feeBreakdown({ amountCents: r.priceCents, additionalServiceCostCents: r.additionalServiceCostCents, vatRateBp: r.vatRateBp });
}

/**
 * Writes the contract of a reservation the owner has agreed to (accept, or in advance: instant book
 * and the go-kart track): the fee breakdown fixed in cents from the reservation's own amounts and a
 * snapshot of the product and the parties (spec: contractData), plus `extraData` (the riders).
 */
export async function writeContract(
  tx: Tx,
  input: {
    reservation: ReservationRow;
    product: { id: number; name: string; depositCents: number };
    status: 'ACCEPTED' | 'PENDING_PAYMENT';
    paidLater: boolean;
    acceptedText: string;
    extraData?: Record<string, unknown>;
    now: Date;
  },
): Promise<{ id: number; totalCents: number }> {
  const r = input.reservation;
  const renterId = r.userId;
  const snapshot = await partySnapshots(tx, renterId === null ? [r.productOwnerId] : [r.productOwnerId, renterId]);
  const fee = storedBreakdown(r);
  const [contract] = await tx
    .insert(contracts)
    .values({
      reservationId: r.id,
      productId: r.productId,
      renterId,
      ownerId: r.productOwnerId,
      status: input.status,
      startTs: r.startTs,
      endTs: r.endTs,
      amountCents: fee.amountCents,
      vatCents: fee.vatCents,
      feeCents: fee.ourFeeCents,
      additionalServiceCostCents: fee.additionalServiceCostCents,
      paidLater: input.paidLater,
      contractData: {
        product: { id: input.product.id, name: input.product.name },
        depositCents: input.product.depositCents,
        vatRateBp: r.vatRateBp,
        totalCents: fee.totalCents,
        owner: snapshot(r.productOwnerId),
        renter: renterId === null ? null : snapshot(renterId),
        acceptedText: input.acceptedText,
        ...input.extraData,
      },
      createdTs: input.now,
      updatedTs: input.now,
    })
    .returning({ id: contracts.id });
  return { id: contract.id, totalCents: fee.totalCents };
}

/** The outcome of a bank-link payment for a held reservation, as the payment side reports it. */
export type HoldOutcome = 'PAID' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

/** Pays a contract from the payer's wallet inside the settling transaction (the ledger's function). */
export type PayContractFromWallet = (tx: Tx, input: { contractId: number; userId: number; now: Date }) => Promise<void>;

/** A held reservation that has just been paid, for the owner's notice. */
export interface PaidHold {
  reservationId: number;
  kind: ReservationRow['kind'];
}

export function reservationRole(r: Pick<ReservationRow, 'userId' | 'productOwnerId'>, viewerId: number): 'renter' | 'owner' | null {
  if (r.productOwnerId === viewerId) return 'owner';
  if (r.userId !== null && r.userId === viewerId) return 'renter';
  return null;
}

/** Anyone outside the reservation gets the answer of a missing one (ids are not to be probed); the other party a 403. */
function requireRole(r: ReservationRow | null, viewerId: number, role: 'renter' | 'owner'): ReservationRow {
  const actual = r ? reservationRole(r, viewerId) : null;
  if (!r || !actual) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.reservationNotFound);
  if (actual !== role) throw new ApiError(403, 'FORBIDDEN', messages.errors.api.reservationNotFound);
  return r;
}

function requireRequested(r: ReservationRow): void {
  if (r.status !== 'REQUESTED') throw new ApiError(409, 'INVALID_STATUS', messages.errors.reservation.outdated);
}

const period = (r: Pick<ReservationRow, 'startTs' | 'endTs'>) => ({ start: formatTallinn(r.startTs), end: formatTallinn(r.endTs) });

/** Thrown out of an accept transaction after its stale decline has been committed. */
const OUTDATED = Symbol('outdated');

/** What the booking rules need to know about a product, read under the product's row lock. */
export interface BookingProduct {
  id: number;
  name: string;
  ownerId: number;
  ownerVatLiable: boolean;
  deleted: boolean;
  inactive: boolean;
  /** Instant book (spec 4): the owner approves every request in advance, with this text. */
  automaticallyApproved: boolean;
  automaticallyApprovedTxt: string | null;
  depositCents: number;
  rentDays: string[];
  vacationDays: string[];
  startTs: string;
  endTs: string;
  prices: {
    hourCents: number | null;
    dayCents: number | null;
    threeDayCents: number | null;
    weekCents: number | null;
    twoWeekCents: number | null;
    monthCents: number | null;
    weekendDayCents: number | null;
  };
  services: { id: number; name: string; costCents: number; additionalInfo: string | null }[];
}

/** A request the booking rules accepted, priced with the kernel's quoteRental. */
export interface ReservationPlan {
  startMs: number;
  endMs: number;
  hourly: boolean;
  tier: PriceTier;
  amountCents: number;
  vatRateBp: number;
  services: { id: number; costCents: number }[];
  additionalServiceCostCents: number;
}

export interface CreatedReservation {
  id: number;
  hash: string;
  /** Requests of the product that had gone stale and were declined by the system on the way. */
  declinedStale: number;
}

export interface StaleDecline {
  id: number;
  userId: number | null;
  productId: number;
  productName: string;
  startTs: Date;
}

/** The parts of a PostgreSQL error we map; drizzle wraps the driver's error in `cause`. */
export function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return undefined;
}

export function newReservationHash(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export class ReservationRepository {
  constructor(private readonly db: Db) {}

  /**
   * Creates a REQUESTED reservation in one transaction: locks the product row, lets `plan` judge
   * the request on the locked data, declines the product's stale requests so they stop holding
   * time, and inserts. Overlap is refused by the exclusion constraint and a second waiting request
   * of the renter by a unique index: the database decides, whoever writes.
   *
   * The row lock (FOR NO KEY UPDATE) queues the bookings of one product behind each other and
   * behind edits of the product (vacation days, prices). Without it two overlapping inserts at the
   * same instant can each find the other's uncommitted row in the exclusion index and wait for each
   * other, and the deadlock detector fails one with 40P01 instead of 23P01 (PostgreSQL's
   * execIndexing.c, "Exclusion Constraints"). Inserts that merely reference the product (FOR KEY
   * SHARE: comments, feedback) are not blocked. See docs/adr/0013-availability-engine.md.
   */
  async create(
    input: { productId: number; renterId: number; now: Date },
    plan: (product: BookingProduct) => ReservationPlan,
  ): Promise<CreatedReservation & { product: BookingProduct; plan: ReservationPlan }> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const product = await this.loadForBooking(tx, input.productId);
        const accepted = plan(product);
        const stale = await this.declineStale(tx, input.now, product.id);
        // The unique index holds this under concurrency; asking first names it even when the new
        // period also overlaps the waiting request (the exclusion constraint might fire first).
        const [waiting] = await tx
          .select({ id: reservations.id })
          .from(reservations)
          .where(and(eq(reservations.productId, product.id), eq(reservations.userId, input.renterId), eq(reservations.status, 'REQUESTED')))
          .limit(1);
        if (waiting) throw new ApiError(409, 'PENDING_RESERVATION', messages.errors.booking.pendingReservation);
        const hash = newReservationHash();
        const [row] = await tx
          .insert(reservations)
          .values({
            hash,
            productId: product.id,
            userId: input.renterId,
            productOwnerId: product.ownerId,
            kind: 'STANDARD',
            status: 'REQUESTED',
            startTs: new Date(accepted.startMs),
            endTs: new Date(accepted.endMs),
            hourly: accepted.hourly,
            priceCents: accepted.amountCents,
            additionalServiceCostCents: accepted.additionalServiceCostCents,
            vatRateBp: accepted.vatRateBp,
            priceTier: accepted.tier,
            createdTs: input.now,
            updatedTs: input.now,
          })
          .returning({ id: reservations.id });
        if (accepted.services.length > 0) {
          await tx
            .insert(reservationAdditionalServices)
            .values(accepted.services.map((s) => ({ reservationId: row.id, additionalServiceId: s.id, costCents: s.costCents })));
        }
        await tx.insert(notifications).values({
          userId: product.ownerId,
          type: 'PRODUCT_RENTAL_REQUEST',
          message: format(messages.notifications.rentalRequest, {
            product: product.name,
            start: formatTallinn(accepted.startMs),
            end: formatTallinn(accepted.endMs),
          }),
          referenceList: [
            { type: 'RESERVATION', referenceId: row.id },
            { type: 'RESERVATION_HASH', referenceId: hash },
            { type: 'PRODUCT', referenceId: product.id },
          ],
          createdTs: input.now,
        });
        return { id: row.id, hash, declinedStale: stale.length, product, plan: accepted };
      });
    } catch (error) {
      const db = databaseError(error);
      if (db?.code === '23P01') throw new ApiError(409, 'UNAVAILABLE', messages.errors.booking.unavailable);
      if (db?.code === '23505' && db.constraint === 'reservations_one_request_per_renter_uq') {
        throw new ApiError(409, 'PENDING_RESERVATION', messages.errors.booking.pendingReservation);
      }
      throw error;
    }
  }

  /**
   * The owner's manual (off-platform) rent: a MANUAL reservation with the person's name and phone
   * and a MANUAL contract whose amount is the income the owner entered. Taken like any booking
   * (ADR 0013): the product's row lock first, `judge` on the locked product (period rules), stale
   * requests declined, and overlap refused by the exclusion constraint. The hash opens the person's
   * cancel page. Null when the product is not the caller's.
   */
  async createManual(
    input: { productId: number; ownerId: number; incomeCents: number; startMs: number; endMs: number; personName: string; personPhone: string; now: Date },
    judge: (product: BookingProduct) => void,
  ): Promise<{ id: number; hash: string } | null> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const product = await this.loadForBooking(tx, input.productId);
        if (product.ownerId !== input.ownerId) return null;
        judge(product);
        await this.declineStale(tx, input.now, product.id);
        const hash = newReservationHash();
        const [row] = await tx
          .insert(reservations)
          .values({
            hash,
            productId: product.id,
            userId: null,
            productOwnerId: product.ownerId,
            kind: 'MANUAL',
            status: 'MANUAL',
            startTs: new Date(input.startMs),
            endTs: new Date(input.endMs),
            priceCents: input.incomeCents,
            personName: input.personName,
            personPhone: input.personPhone,
            createdTs: input.now,
            updatedTs: input.now,
          })
          .returning({ id: reservations.id });
        const snapshot = await partySnapshots(tx, [product.ownerId]);
        await tx.insert(contracts).values({
          reservationId: row.id,
          productId: product.id,
          renterId: null,
          ownerId: product.ownerId,
          status: 'MANUAL',
          startTs: new Date(input.startMs),
          endTs: new Date(input.endMs),
          amountCents: input.incomeCents,
          contractData: {
            kind: 'MANUAL',
            product: { id: product.id, name: product.name },
            owner: snapshot(product.ownerId),
            renter: null,
            renterName: input.personName,
            renterPhone: input.personPhone,
            totalCents: input.incomeCents,
          },
          createdTs: input.now,
          updatedTs: input.now,
        });
        return { id: row.id, hash };
      });
    } catch (error) {
      if (databaseError(error)?.code === '23P01') throw new ApiError(409, 'UNAVAILABLE', messages.errors.booking.unavailable);
      throw error;
    }
  }

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
        const product = await this.loadForBooking(tx, input.productId);
        const accepted = plan(product);
        const fee = feeBreakdown({ amountCents: accepted.amountCents, additionalServiceCostCents: accepted.additionalServiceCostCents, vatRateBp: accepted.vatRateBp });
        if (fee.totalCents !== input.amountCents) throw new ApiError(409, 'PAYMENT_AMOUNT_MISMATCH', messages.errors.booking.paymentAmountMismatch);
        await this.declineStale(tx, input.now, product.id);
        const acceptedText = product.automaticallyApprovedTxt ?? '';
        const [row] = await tx
          .insert(reservations)
          .values({
            hash: newReservationHash(),
            productId: product.id,
            userId: input.renterId,
            productOwnerId: product.ownerId,
            kind: 'AUTOMATED',
            status: 'PENDING_PAYMENT',
            startTs: new Date(accepted.startMs),
            endTs: new Date(accepted.endMs),
            hourly: accepted.hourly,
            priceCents: accepted.amountCents,
            additionalServiceCostCents: accepted.additionalServiceCostCents,
            vatRateBp: accepted.vatRateBp,
            priceTier: accepted.tier,
            acceptedText,
            personName: input.name,
            personPhone: input.phone,
            holdExpiresTs: input.holdExpiresTs,
            createdTs: input.now,
            updatedTs: input.now,
          })
          .returning();
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
      if (databaseError(error)?.code === '23P01') throw new ApiError(409, 'UNAVAILABLE', messages.errors.booking.unavailable);
      throw error;
    }
  }

  /**
   * Releases a held reservation (payment failed, cancelled, expired, or the caller gave up): it is
   * CANCELLED and its contract too, nothing charged. Only PENDING_PAYMENT ones: a paid booking is
   * never undone here. Answers whether it released anything.
   */
  private async releaseHold(tx: Tx, r: ReservationRow, now: Date): Promise<boolean> {
    if (r.status !== 'PENDING_PAYMENT' || (r.kind !== 'AUTOMATED' && r.kind !== 'GOKART')) return false;
    await tx.update(reservations).set({ status: 'CANCELLED', holdExpiresTs: null, updatedTs: now }).where(eq(reservations.id, r.id));
    await tx
      .update(contracts)
      .set({ status: 'CANCELLED', refundCents: 0, updatedTs: now })
      .where(and(eq(contracts.reservationId, r.id), eq(contracts.status, 'PENDING_PAYMENT')));
    return true;
  }

  /** Releases a hold by id, outside any payment (the order could not be started). */
  async releaseHoldById(id: number, now: Date): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const r = await lockReservation(tx, eq(reservations.id, id));
      if (r) await this.releaseHold(tx, r, now);
    });
  }

  /**
   * `…/automated-with-payment/cancel`: the caller's held instant books of the product (the one of
   * `hash` when given) are released. Idempotent: nothing held is no error; a paid one is untouched.
   */
  async cancelHeldAutomated(input: { productId: number; renterId: number; hash?: string; now: Date }): Promise<number> {
    const held = await this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.productId, input.productId),
          eq(reservations.userId, input.renterId),
          eq(reservations.kind, 'AUTOMATED'),
          eq(reservations.status, 'PENDING_PAYMENT'),
          input.hash === undefined ? undefined : eq(reservations.hash, input.hash),
        ),
      )
      .orderBy(asc(reservations.id));
    let released = 0;
    for (const { id } of held) {
      released += await withTransaction(this.db, async (tx) => {
        const r = await lockReservation(tx, eq(reservations.id, id));
        return r && r.userId === input.renterId && (await this.releaseHold(tx, r, input.now)) ? 1 : 0;
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
      await this.releaseHold(tx, r, input.now);
      return null;
    }
    const [contract] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.reservationId, r.id), eq(contracts.status, 'PENDING_PAYMENT')))
      .limit(1);
    if (!contract) return null;
    await payContract(tx, { contractId: contract.id, userId: input.payerId, now: input.now });
    await tx.update(reservations).set({ status: 'ACCEPTED', holdExpiresTs: null, updatedTs: input.now }).where(eq(reservations.id, r.id));
    // The ledger's payment may already have moved the contract; this makes sure either way.
    await tx
      .update(contracts)
      .set({ status: 'ACCEPTED', updatedTs: input.now })
      .where(and(eq(contracts.id, contract.id), eq(contracts.status, 'PENDING_PAYMENT')));
    const name = await this.productName(tx, r.productId);
    const [renter] = await tx.select({ name: users.name, lastName: users.lastName }).from(users).where(eq(users.id, input.payerId));
    const message =
      r.kind === 'GOKART'
        ? await this.gokartPaidMessage(tx, r)
        : format(messages.notifications.instantBookPaid, { renter: [renter?.name, renter?.lastName].filter(Boolean).join(' '), product: name, ...period(r) });
    await recordNotice(tx, 'PRODUCT_RENTAL_REQUEST_APPROVED', { userId: r.productOwnerId, product: name, hash: r.hash, contractId: contract.id, message }, r.id, r.productId, input.now);
    return { reservationId: r.id, kind: r.kind };
  }

  private async gokartPaidMessage(tx: Tx, r: ReservationRow): Promise<string> {
    const slots = await tx
      .select({ slotStartTs: gokartSlotBookings.slotStartTs, riders: gokartSlotBookings.riders })
      .from(gokartSlotBookings)
      .where(eq(gokartSlotBookings.reservationId, r.id))
      .orderBy(asc(gokartSlotBookings.slotStartTs));
    return format(messages.notifications.gokartBookingPaid, {
      person: (r.personName ?? '').trim(),
      day: inTallinn(r.startTs).toFormat('dd.MM.yyyy'),
      riders: slots[0]?.riders ?? 0,
      slots: slots.map((s) => inTallinn(s.slotStartTs).toFormat('HH:mm')).join(', '),
    });
  }

  /**
   * The safety net behind the payment's own expiry: holds whose time passed more than `graceMs` ago
   * are released, so a lost expiry notice never keeps a product's time (or go-kart places) taken.
   */
  async releaseExpiredHolds(now: Date, graceMs: number): Promise<number> {
    const cutoff = new Date(now.getTime() - graceMs);
    const expired = await this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.status, 'PENDING_PAYMENT'), inArray(reservations.kind, ['AUTOMATED', 'GOKART']), lte(reservations.holdExpiresTs, cutoff)))
      .orderBy(asc(reservations.id))
      .limit(500);
    let released = 0;
    for (const { id } of expired) {
      released += await withTransaction(this.db, async (tx) => {
        const r = await lockReservation(tx, eq(reservations.id, id));
        if (!r || r.holdExpiresTs === null || r.holdExpiresTs.getTime() > cutoff.getTime()) return 0;
        return (await this.releaseHold(tx, r, now)) ? 1 : 0;
      });
    }
    return released;
  }

  private async loadForBooking(tx: Tx, productId: number): Promise<BookingProduct> {
    const [p] = await tx
      .select({
        id: products.id,
        name: products.name,
        ownerId: products.userId,
        deleted: products.deleted,
        inactiveReason: products.inactiveReason,
        automaticallyApproved: products.automaticallyApproved,
        automaticallyApprovedTxt: products.automaticallyApprovedTxt,
        costCents: products.costCents,
        rentDays: products.rentDays,
        startTs: products.startTs,
        endTs: products.endTs,
        hourCents: products.priceHourCents,
        dayCents: products.priceDailyCents,
        threeDayCents: products.threeDayCents,
        weekCents: products.aWeekCents,
        twoWeekCents: products.twoWeekCents,
        monthCents: products.monthCents,
        weekendDayCents: products.weekendDayCents,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update')
      .limit(1);
    if (!p) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
    // One after another: a transaction is one connection, and node-postgres queues parallel queries on it.
    const [owner] = await tx.select({ allowVat: users.allowVat }).from(users).where(eq(users.id, p.ownerId));
    const services = await tx
      .select({ id: additionalServices.id, name: additionalServices.name, costCents: additionalServices.costCents, additionalInfo: additionalServices.additionalInfo })
      .from(additionalServices)
      .where(and(eq(additionalServices.productId, p.id), eq(additionalServices.deleted, false)))
      .orderBy(asc(additionalServices.id));
    const vacation = await tx.select({ day: productVacationDays.day }).from(productVacationDays).where(eq(productVacationDays.productId, p.id));
    return {
      id: p.id,
      name: p.name,
      ownerId: p.ownerId,
      ownerVatLiable: owner?.allowVat ?? false,
      deleted: p.deleted,
      inactive: p.inactiveReason !== null,
      automaticallyApproved: p.automaticallyApproved,
      automaticallyApprovedTxt: p.automaticallyApprovedTxt,
      depositCents: p.costCents,
      rentDays: p.rentDays,
      vacationDays: vacation.map((v) => v.day),
      startTs: p.startTs,
      endTs: p.endTs,
      prices: {
        hourCents: p.hourCents,
        dayCents: p.dayCents,
        threeDayCents: p.threeDayCents,
        weekCents: p.weekCents,
        twoWeekCents: p.twoWeekCents,
        monthCents: p.monthCents,
        weekendDayCents: p.weekendDayCents,
      },
      services,
    };
  }

  /**
   * REQUESTED reservations whose start has passed become DECLINED_BY_SYSTEM (spec 4: a stale
   * request is declined), so they neither hold time nor wait forever. Rows are locked in id order,
   * so two sweeps cannot deadlock. Without `productId` it sweeps every product (the server job).
   */
  async declineStaleRequests(now: Date, productId?: number): Promise<StaleDecline[]> {
    return withTransaction(this.db, (tx) => this.declineStale(tx, now, productId));
  }

  private async declineStale(tx: Tx | Db, now: Date, productId?: number): Promise<StaleDecline[]> {
    const productFilter = productId === undefined ? sql`` : sql`and r.product_id = ${productId}`;
    const declined = await queryRows<{ id: number; user_id: number | null; product_id: number; product_name: string; start_ts: string | Date }>(
      tx as Db,
      sql`
        with stale as (
          select r.id from reservations r
          where r.status = 'REQUESTED' and r.start_ts <= ${now.toISOString()}::timestamptz ${productFilter}
          order by r.id
          for update of r
        )
        update reservations r
        set status = 'DECLINED_BY_SYSTEM', decline_reason = 'DECLINED_BY_SYSTEM', updated_ts = ${now.toISOString()}::timestamptz
        from stale, products p
        where r.id = stale.id and p.id = r.product_id
        returning r.id, r.user_id, r.product_id, p.name as product_name, r.start_ts`,
    );
    const result = declined.map((r) => ({ id: r.id, userId: r.user_id, productId: r.product_id, productName: r.product_name, startTs: new Date(r.start_ts) }));
    const notes = result
      .filter((d) => d.userId !== null)
      .map((d) => ({
        userId: d.userId as number,
        type: 'PRODUCT_RENTAL_UPDATE' as const,
        message: format(messages.notifications.requestDeclinedBySystem, { product: d.productName, start: formatTallinn(d.startTs) }),
        referenceList: [
          { type: 'RESERVATION', referenceId: d.id },
          { type: 'PRODUCT', referenceId: d.productId },
        ],
        createdTs: now,
      }));
    if (notes.length > 0) await (tx as Db).insert(notifications).values(notes);
    return result;
  }

  /** The reservation as its renter or product owner sees it; null for anyone else or a wrong product. */
  async findForParty(id: number, viewerId: number, productId?: number): Promise<Reservation | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
    if (!r || (productId !== undefined && r.productId !== productId)) return null;
    if (r.userId !== viewerId && r.productOwnerId !== viewerId) return null;
    return this.present(r);
  }

  async findById(id: number): Promise<Reservation | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
    return r ? this.present(r) : null;
  }

  /**
   * The reservation by its hash for one of its parties. A REQUESTED one whose start has passed is
   * declined by the system first (the stale job does the same without anyone opening it).
   */
  async findByHashForParty(hash: string, viewerId: number, now: Date): Promise<Reservation | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.hash, hash)).limit(1);
    if (!r || !reservationRole(r, viewerId)) return null;
    if (r.status === 'REQUESTED' && r.startTs.getTime() <= now.getTime()) {
      await this.declineStaleRequests(now, r.productId);
      return this.findById(r.id);
    }
    return this.present(r);
  }

  /** The caller's reservations as owner, renter or either, soonest first. */
  async listForUser(viewerId: number, as: 'owner' | 'renter' | 'any', statuses?: ReservationStatus[]): Promise<Reservation[]> {
    const party =
      as === 'owner' ? eq(reservations.productOwnerId, viewerId) : as === 'renter' ? eq(reservations.userId, viewerId) : or(eq(reservations.productOwnerId, viewerId), eq(reservations.userId, viewerId));
    const rows = await this.db
      .select()
      .from(reservations)
      .where(and(party, statuses && statuses.length > 0 ? inArray(reservations.status, statuses) : undefined))
      .orderBy(asc(reservations.startTs), asc(reservations.id))
      .limit(500);
    const out: Reservation[] = [];
    for (const r of rows) out.push(await this.present(r));
    return out;
  }

  /** REQUESTED reservations waiting for the owner's answer on the owner's products. */
  async countRequestedForOwner(ownerId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reservations)
      .where(and(eq(reservations.productOwnerId, ownerId), eq(reservations.status, 'REQUESTED')));
    return row?.n ?? 0;
  }

  async userDetails(id: number, viewerId: number): Promise<ReservationUserDetails | null> {
    const [r] = await this.db.select({ userId: reservations.userId, productOwnerId: reservations.productOwnerId }).from(reservations).where(eq(reservations.id, id)).limit(1);
    if (!r || !reservationRole(r, viewerId)) return null;
    return { userId: r.userId, productOwnerId: r.productOwnerId };
  }

  /**
   * The owner accepts a REQUESTED reservation: under the product's row lock the reservation becomes
   * ACCEPTED with the owner's message, and its contract is written with the fee breakdown fixed in
   * cents and a snapshot of the product and the parties (spec: contractData). A paid-later accept
   * (product.paidLater only) makes the contract ACCEPTED at once; otherwise it waits for payment.
   * A request whose start has passed is declined by the system instead, and the caller gets 409.
   */
  async accept(input: { id: number; ownerId: number; additionalCost?: number | null; acceptedText: string; paidLater: boolean; now: Date }): Promise<{ reservationId: number; contractId: number; notice: PartyNotice }> {
    const result = await withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.ownerId, 'owner');
      requireRequested(r);
      if (r.startTs.getTime() <= input.now.getTime()) {
        await this.declineStale(tx, input.now, r.productId);
        return OUTDATED;
      }
      const [product] = await tx.select({ id: products.id, name: products.name, paidLater: products.paidLater, costCents: products.costCents }).from(products).where(eq(products.id, r.productId));
      if (input.paidLater && !product.paidLater) throw new ApiError(409, 'PAID_LATER_NOT_ALLOWED', messages.errors.accept.failed);
      // The owner agrees to the services total they were shown; a change since then must be seen first.
      if (eurosToCents(input.additionalCost ?? 0) !== r.additionalServiceCostCents) {
        throw new ApiError(409, 'INVALID_ADDITIONAL_COST', messages.errors.accept.additionalCostMismatch);
      }
      const renterId = r.userId;
      await tx.update(reservations).set({ status: 'ACCEPTED', acceptedText: input.acceptedText, updatedTs: input.now }).where(eq(reservations.id, r.id));
      const contract = await writeContract(tx, {
        reservation: r,
        product: { id: product.id, name: product.name, depositCents: product.costCents },
        status: input.paidLater ? 'ACCEPTED' : 'PENDING_PAYMENT',
        paidLater: input.paidLater,
        acceptedText: input.acceptedText,
        now: input.now,
      });
      const notice: PartyNotice | null =
        renterId === null
          ? null
          : {
              userId: renterId,
              product: product.name,
              hash: r.hash,
              contractId: contract.id,
              message: format(messages.notifications.requestApproved, { product: product.name, ...period(r), text: input.acceptedText }),
            };
      if (notice) await recordNotice(tx, 'PRODUCT_RENTAL_REQUEST_APPROVED', notice, r.id, r.productId, input.now);
      return { reservationId: r.id, contractId: contract.id, notice };
    });
    if (result === OUTDATED) throw new ApiError(409, 'RESERVATION_OUTDATED', messages.errors.reservation.outdated);
    return result as { reservationId: number; contractId: number; notice: PartyNotice };
  }

  /** The owner declines a REQUESTED reservation with one of the spec 4 reasons; its time is freed. */
  async decline(input: { id: number; ownerId: number; reason: DeclineReason; now: Date }): Promise<{ notice: PartyNotice | null }> {
    return withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.ownerId, 'owner');
      requireRequested(r);
      await tx.update(reservations).set({ status: 'DECLINED', declineReason: input.reason, updatedTs: input.now }).where(eq(reservations.id, r.id));
      const name = await this.productName(tx, r.productId);
      const notice: PartyNotice | null =
        r.userId === null
          ? null
          : { userId: r.userId, product: name, hash: r.hash, message: format(messages.notifications.requestDeclined, { product: name, ...period(r), reason: messages.domain.declineReasons[input.reason] }) };
      if (notice) await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, input.now);
      return { notice };
    });
  }

  /** The renter withdraws a REQUESTED reservation (CANCELLED); its time is freed. */
  async cancelByRenter(input: { id: number; renterId: number; now: Date }): Promise<{ notice: PartyNotice }> {
    return withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.renterId, 'renter');
      requireRequested(r);
      await tx.update(reservations).set({ status: 'CANCELLED', updatedTs: input.now }).where(eq(reservations.id, r.id));
      const name = await this.productName(tx, r.productId);
      const notice: PartyNotice = { userId: r.productOwnerId, product: name, hash: r.hash, message: format(messages.notifications.requestCancelled, { product: name, ...period(r) }) };
      await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, input.now);
      return { notice };
    });
  }

  /** The renter changes the chosen additional services of a REQUESTED reservation; re-priced from the product's own. */
  async updateServices(input: { id: number; renterId: number; serviceIds: number[]; now: Date }): Promise<{ notice: PartyNotice }> {
    return withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.renterId, 'renter');
      requireRequested(r);
      const offered = await tx
        .select({ id: additionalServices.id, costCents: additionalServices.costCents })
        .from(additionalServices)
        .where(and(eq(additionalServices.productId, r.productId), eq(additionalServices.deleted, false)));
      const chosen = input.serviceIds.map((id) => {
        const service = offered.find((s) => s.id === id);
        if (!service) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.api.unknownAdditionalService);
        return service;
      });
      const totalCents = chosen.reduce((sum, s) => sum + s.costCents, 0);
      await tx.delete(reservationAdditionalServices).where(eq(reservationAdditionalServices.reservationId, r.id));
      if (chosen.length > 0) {
        await tx.insert(reservationAdditionalServices).values(chosen.map((s) => ({ reservationId: r.id, additionalServiceId: s.id, costCents: s.costCents })));
      }
      await tx.update(reservations).set({ additionalServiceCostCents: totalCents, updatedTs: input.now }).where(eq(reservations.id, r.id));
      const name = await this.productName(tx, r.productId);
      const notice: PartyNotice = {
        userId: r.productOwnerId,
        product: name,
        hash: r.hash,
        message: format(messages.notifications.servicesUpdated, { product: name, ...period(r), services: formatEuros(totalCents) }),
      };
      await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, input.now);
      return { notice };
    });
  }

  /**
   * The manual rent's cancel page (spec 2.11): the hash and the person's name together are the key.
   * Only reservations with a person name qualify; a wrong name answers like an unknown hash.
   */
  async findManualByHash(hash: string, name: string): Promise<CancelByHashAnswer | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.hash, hash)).limit(1);
    if (!r || !sameName(r.personName, name)) return null;
    return { status: r.status as ReservationStatus, startTs: r.startTs.toISOString(), endTs: r.endTs.toISOString(), productName: await this.productName(this.db, r.productId) };
  }

  /** Cancels a MANUAL rent by hash and name (and its MANUAL contract, if any); a cancelled one answers as it is. */
  async cancelManualByHash(hash: string, name: string, now: Date): Promise<{ answer: CancelByHashAnswer; notice: PartyNotice | null } | null> {
    return withTransaction(this.db, async (tx) => {
      const r = await lockReservation(tx, eq(reservations.hash, hash));
      if (!r || !sameName(r.personName, name)) return null;
      const productName = await this.productName(tx, r.productId);
      const answer = (status: ReservationStatus) => ({ status, startTs: r.startTs.toISOString(), endTs: r.endTs.toISOString(), productName });
      if (r.status === 'CANCELLED') return { answer: answer('CANCELLED'), notice: null };
      if (r.status !== 'MANUAL') throw new ApiError(409, 'INVALID_STATUS', messages.errors.cancel.bookingNotCancellable);
      await tx.update(reservations).set({ status: 'CANCELLED', updatedTs: now }).where(eq(reservations.id, r.id));
      await tx
        .update(contracts)
        .set({ status: 'CANCELLED', refundCents: 0, updatedTs: now })
        .where(and(eq(contracts.reservationId, r.id), eq(contracts.status, 'MANUAL')));
      const notice: PartyNotice = {
        userId: r.productOwnerId,
        product: productName,
        hash: r.hash,
        message: format(messages.notifications.manualRentCancelled, { person: (r.personName ?? '').trim(), product: productName, ...period(r) }),
      };
      await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, now);
      return { answer: answer('CANCELLED'), notice };
    });
  }

  private async productName(tx: Tx | Db, productId: number): Promise<string> {
    const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
    return p?.name ?? '';
  }

  /** The reservation as its parties see it. */
  async present(r: ReservationRow): Promise<Reservation> {
    const partyIds = [r.productOwnerId, ...(r.userId === null ? [] : [r.userId])];
    const [[product], parties, chosen] = await Promise.all([
      this.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, r.productId)),
      this.db.select({ id: users.id, name: users.name, lastName: users.lastName }).from(users).where(inArray(users.id, partyIds)),
      this.db
        .select({ id: additionalServices.id, name: additionalServices.name, additionalInfo: additionalServices.additionalInfo, costCents: reservationAdditionalServices.costCents })
        .from(reservationAdditionalServices)
        .innerJoin(additionalServices, eq(additionalServices.id, reservationAdditionalServices.additionalServiceId))
        .where(eq(reservationAdditionalServices.reservationId, r.id))
        .orderBy(asc(additionalServices.id)),
    ]);
    const party = (userId: number) => {
      const u = parties.find((p) => p.id === userId);
      return { id: userId, name: u?.name ?? '', lastName: u?.lastName ?? null };
    };
    const services: AdditionalService[] = chosen.map((s) => ({ id: s.id, name: s.name, cost: centsToEuros(s.costCents), additionalInfo: s.additionalInfo }));
    const gokart = r.kind === 'GOKART' ? await this.gokartDetails(r.id) : null;
    return {
      id: r.id,
      hash: r.hash,
      status: r.status as ReservationStatus,
      startTs: r.startTs.toISOString(),
      endTs: r.endTs.toISOString(),
      hourly: r.hourly,
      product: { id: product.id, name: product.name },
      user: r.userId === null ? null : party(r.userId),
      productOwner: party(r.productOwnerId),
      additionalServices: services,
      additionalServiceCost: centsToEuros(r.additionalServiceCostCents),
      price: reservationPrice(r),
      createdTs: r.createdTs.toISOString(),
      gokart,
    };
  }

  /** A go-kart booking's Tallinn day, slot starts (HH:mm) and riders, for its success view and lists. */
  private async gokartDetails(reservationId: number): Promise<{ day: string; slots: string[]; riders: string[] } | null> {
    const rows = await this.db
      .select({ day: gokartSlotBookings.day, slotStartTs: gokartSlotBookings.slotStartTs, riderNames: gokartSlotBookings.riderNames })
      .from(gokartSlotBookings)
      .where(eq(gokartSlotBookings.reservationId, reservationId))
      .orderBy(asc(gokartSlotBookings.slotStartTs));
    if (rows.length === 0) return null;
    return { day: rows[0].day, slots: rows.map((row) => inTallinn(row.slotStartTs).toFormat('HH:mm')), riders: rows[0].riderNames };
  }
}

function sameName(stored: string | null, given: string): boolean {
  if (stored === null || stored.trim() === '') return false;
  return stored.trim().toLocaleLowerCase('et') === given.trim().toLocaleLowerCase('et');
}

/** The fee breakdown of a stored reservation (`storedBreakdown`) in the spec's euros, with its tier and units. */
export function reservationPrice(r: Pick<ReservationRow, 'kind' | 'priceCents' | 'additionalServiceCostCents' | 'vatRateBp' | 'priceTier' | 'hourly' | 'startTs' | 'endTs'>): FeeBreakdown {
  return breakdownInEuros(storedBreakdown(r), r);
}

/** A breakdown fixed in cents (a reservation's or a contract's) as the spec's fee breakdown in euros. */
export function breakdownInEuros(b: FeeBreakdownCents, r: Pick<ReservationRow, 'priceTier' | 'hourly' | 'startTs' | 'endTs'>): FeeBreakdown {
  const span = rentalSpan(r.startTs.getTime(), r.endTs.getTime());
  const tier = r.priceTier ?? (r.hourly ? 'hour' : 'day');
  return {
    amount: centsToEuros(b.amountCents),
    vat: centsToEuros(b.vatCents),
    ourFee: centsToEuros(b.ourFeeCents),
    additionalServiceCost: centsToEuros(b.additionalServiceCostCents),
    total: centsToEuros(b.totalCents),
    vatRate: b.vatRateBp / 100,
    tier,
    units: tier === 'hour' ? span.hours : span.days,
  };
}
