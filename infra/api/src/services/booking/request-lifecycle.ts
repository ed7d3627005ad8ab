import { eq } from 'drizzle-orm';
import { formatEuros } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import type { DeclineReason } from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { reservations } from '../../db/schema';
import { withTransaction, type Tx } from '../../db/transaction';
import { enqueueMail, rentalNoticePath } from '../../repositories/outbox';
import { ApiError } from '../../lib/api-error';
import { eurosToCents } from '../../lib/money';
import { formatTallinn } from '../../lib/tallinn-time';
import {
  databaseError,
  declineStaleRows,
  insertReservation,
  lockReservation,
  replaceReservationServices,
  updateReservation,
  waitingRequestOf,
  type StaleDecline,
} from '../../repositories/reservation-repository';
import { loadForBooking, offeredServices, productForAccept, productName, type BookingProduct } from '../../repositories/booking-product';
import { insertNotifications, recordNotice, type PartyNotice } from '../../repositories/party-notices';
import type { ReservationPlan } from '../availability/plan-reservation';
import { writeContract } from './contract-writer';
import { assertDebtorMayBook, plannedTotalCents } from './debtor-limits';
import { assertNotBlocked, period, plannedReservation, requireRequested, requireRole, unavailable } from './rules';

export interface CreatedReservation {
  id: number;
  hash: string;
  /** Requests of the product that had gone stale and were declined by the system on the way. */
  declinedStale: number;
}

/** Thrown out of an accept transaction after its stale decline has been committed. */
const OUTDATED = Symbol('outdated');

/**
 * REQUESTED reservations whose start has passed become DECLINED_BY_SYSTEM (spec 4: a stale
 * request is declined), so they neither hold time nor wait forever; each renter is told.
 */
export async function declineStale(tx: Tx, now: Date, productId?: number): Promise<StaleDecline[]> {
  const result = await declineStaleRows(tx, now, productId);
  await insertNotifications(
    tx,
    result
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
      })),
  );
  return result;
}

/** The request lifecycle (spec 4): request, accept, decline, the renter's cancel and service change. */
export class RequestLifecycle {
  constructor(private readonly db: Db) {}

  /** Without `productId` it sweeps every product (the minute job). */
  declineStaleRequests(now: Date, productId?: number): Promise<StaleDecline[]> {
    return withTransaction(this.db, (tx) => declineStale(tx, now, productId));
  }

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
    input: { productId: number; renterId: number; renterName: string; now: Date },
    plan: (product: BookingProduct) => ReservationPlan,
  ): Promise<CreatedReservation & { product: BookingProduct; plan: ReservationPlan }> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const product = await loadForBooking(tx, input.productId);
        const accepted = plan(product);
        await assertNotBlocked(tx, product.id, accepted);
        await assertDebtorMayBook(tx, input.renterId, plannedTotalCents(accepted), input.now);
        const stale = await declineStale(tx, input.now, product.id);
        // The unique index holds this under concurrency; asking first names it even when the new
        // period also overlaps the waiting request (the exclusion constraint might fire first).
        if ((await waitingRequestOf(tx, product.id, input.renterId)) !== null) {
          throw new ApiError(409, 'PENDING_RESERVATION', messages.errors.booking.pendingReservation);
        }
        const row = await insertReservation(tx, {
          ...plannedReservation(product, input.renterId, accepted, input.now),
          kind: 'STANDARD',
          status: 'REQUESTED',
        });
        await replaceReservationServices(tx, row.id, accepted.services);
        await insertNotifications(tx, [
          {
            userId: product.ownerId,
            type: 'PRODUCT_RENTAL_REQUEST',
            message: format(messages.notifications.rentalRequest, {
              product: product.name,
              start: formatTallinn(accepted.startMs),
              end: formatTallinn(accepted.endMs),
            }),
            referenceList: [
              { type: 'RESERVATION', referenceId: row.id },
              { type: 'RESERVATION_HASH', referenceId: row.hash },
              { type: 'PRODUCT', referenceId: product.id },
            ],
            createdTs: input.now,
          },
        ]);
        // The owner's mail, in the outbox of this transaction.
        await enqueueMail(
          tx,
          {
            kind: 'rental-request',
            userId: product.ownerId,
            renter: input.renterName,
            product: product.name,
            start: formatTallinn(accepted.startMs),
            end: formatTallinn(accepted.endMs),
            path: rentalNoticePath({ hash: row.hash }),
          },
          input.now,
        );
        return { id: row.id, hash: row.hash, declinedStale: stale.length, product, plan: accepted };
      });
    } catch (error) {
      const db = databaseError(error);
      if (db?.code === '23P01') throw unavailable();
      if (db?.code === '23505' && db.constraint === 'reservations_one_request_per_renter_uq') {
        throw new ApiError(409, 'PENDING_RESERVATION', messages.errors.booking.pendingReservation);
      }
      throw error;
    }
  }

  /**
   * The owner accepts a REQUESTED reservation: under the product's row lock the reservation becomes
   * ACCEPTED with the owner's message, and its contract is written with the fee breakdown fixed in
   * cents and a snapshot of the product and the parties (spec: contractData). A paid-later accept
   * (product.paidLater only) makes the contract ACCEPTED at once; otherwise it waits for payment.
   * A request whose start has passed is declined by the system instead, and the caller gets 409.
   */
  async accept(input: {
    id: number;
    ownerId: number;
    additionalCost?: number | null;
    acceptedText: string;
    paidLater: boolean;
    now: Date;
  }): Promise<{ reservationId: number; contractId: number; notice: PartyNotice | null }> {
    const result = await withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.ownerId, 'owner');
      requireRequested(r);
      if (r.startTs.getTime() <= input.now.getTime()) {
        await declineStale(tx, input.now, r.productId);
        return OUTDATED;
      }
      const product = await productForAccept(tx, r.productId);
      if (input.paidLater && !product.paidLater) throw new ApiError(409, 'PAID_LATER_NOT_ALLOWED', messages.errors.accept.failed);
      // The owner agrees to the services total they were shown; a change since then must be seen first.
      if (eurosToCents(input.additionalCost ?? 0) !== r.additionalServiceCostCents) {
        throw new ApiError(409, 'INVALID_ADDITIONAL_COST', messages.errors.accept.additionalCostMismatch);
      }
      await updateReservation(tx, r.id, { status: 'ACCEPTED', acceptedText: input.acceptedText, updatedTs: input.now });
      const contract = await writeContract(tx, {
        reservation: r,
        product: { id: product.id, name: product.name, depositCents: product.depositCents },
        status: input.paidLater ? 'ACCEPTED' : 'PENDING_PAYMENT',
        paidLater: input.paidLater,
        acceptedText: input.acceptedText,
        now: input.now,
      });
      const notice: PartyNotice | null =
        r.userId === null
          ? null
          : {
              userId: r.userId,
              product: product.name,
              hash: r.hash,
              contractId: contract.id,
              message: format(messages.notifications.requestApproved, { product: product.name, ...period(r), text: input.acceptedText }),
            };
      if (notice) await recordNotice(tx, 'PRODUCT_RENTAL_REQUEST_APPROVED', notice, r.id, r.productId, input.now);
      return { reservationId: r.id, contractId: contract.id, notice };
    });
    if (result === OUTDATED) throw new ApiError(409, 'RESERVATION_OUTDATED', messages.errors.reservation.outdated);
    return result;
  }

  /** The owner declines a REQUESTED reservation with one of the spec 4 reasons; its time is freed. */
  async decline(input: { id: number; ownerId: number; reason: DeclineReason; now: Date }): Promise<{ notice: PartyNotice | null }> {
    return withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.ownerId, 'owner');
      requireRequested(r);
      await updateReservation(tx, r.id, { status: 'DECLINED', declineReason: input.reason, updatedTs: input.now });
      const name = await productName(tx, r.productId);
      const notice: PartyNotice | null =
        r.userId === null
          ? null
          : {
              userId: r.userId,
              product: name,
              hash: r.hash,
              message: format(messages.notifications.requestDeclined, {
                product: name,
                ...period(r),
                reason: messages.domain.declineReasons[input.reason],
              }),
            };
      if (notice) await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, input.now);
      return { notice };
    });
  }

  /** The renter withdraws a REQUESTED reservation (CANCELLED); its time is freed. */
  async cancelByRenter(input: { id: number; renterId: number; now: Date }): Promise<{ notice: PartyNotice }> {
    return withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.renterId, 'renter');
      requireRequested(r);
      await updateReservation(tx, r.id, { status: 'CANCELLED', updatedTs: input.now });
      const name = await productName(tx, r.productId);
      const notice: PartyNotice = {
        userId: r.productOwnerId,
        product: name,
        hash: r.hash,
        message: format(messages.notifications.requestCancelled, { product: name, ...period(r) }),
      };
      await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, input.now);
      return { notice };
    });
  }

  /** The renter changes the chosen additional services of a REQUESTED reservation; re-priced from the product's own. */
  async updateServices(input: { id: number; renterId: number; serviceIds: number[]; now: Date }): Promise<{ notice: PartyNotice }> {
    return withTransaction(this.db, async (tx) => {
      const r = requireRole(await lockReservation(tx, eq(reservations.id, input.id)), input.renterId, 'renter');
      requireRequested(r);
      const offered = await offeredServices(tx, r.productId);
      const chosen = input.serviceIds.map((id) => {
        const service = offered.find((s) => s.id === id);
        if (!service) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.api.unknownAdditionalService);
        return service;
      });
      const totalCents = chosen.reduce((sum, s) => sum + s.costCents, 0);
      await replaceReservationServices(tx, r.id, chosen);
      await updateReservation(tx, r.id, { additionalServiceCostCents: totalCents, updatedTs: input.now });
      const name = await productName(tx, r.productId);
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
}
