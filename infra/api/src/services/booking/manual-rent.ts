import { eq } from 'drizzle-orm';
import { format, messages } from 'shared-kernel/messages/server';
import type { CancelByHashAnswer, ReservationStatus } from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { reservations } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import {
  cancelContractOf,
  databaseError,
  insertContract,
  insertReservation,
  lockReservation,
  newReservationHash,
  partySnapshots,
  updateReservation,
  type ReservationRepository,
} from '../../repositories/reservation-repository';
import { loadForBooking, productName, type BookingProduct } from '../../repositories/booking-product';
import { recordNotice, type PartyNotice } from '../../repositories/party-notices';
import { declineStale } from './request-lifecycle';
import { period, sameName, unavailable } from './rules';

/** The owner's manual (off-platform) rent and the person's cancel page by hash (spec 2.11). */
export class ManualRent {
  constructor(
    private readonly db: Db,
    private readonly repo: ReservationRepository,
  ) {}

  /**
   * A MANUAL reservation with the person's name and phone and a MANUAL contract whose amount is the
   * income the owner entered. Taken like any booking (ADR 0013): the product's row lock first,
   * `judge` on the locked product (period rules), stale requests declined, and overlap refused by
   * the exclusion constraint. The hash opens the person's cancel page. Null when the product is
   * not the caller's.
   */
  async create(
    input: {
      productId: number;
      ownerId: number;
      incomeCents: number;
      startMs: number;
      endMs: number;
      personName: string;
      personPhone: string;
      now: Date;
    },
    judge: (product: BookingProduct) => void,
  ): Promise<{ id: number; hash: string } | null> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const product = await loadForBooking(tx, input.productId);
        if (product.ownerId !== input.ownerId) return null;
        judge(product);
        await declineStale(tx, input.now, product.id);
        const row = await insertReservation(tx, {
          hash: newReservationHash(),
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
        });
        const snapshot = await partySnapshots(tx, [product.ownerId]);
        await insertContract(tx, {
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
        return { id: row.id, hash: row.hash };
      });
    } catch (error) {
      if (databaseError(error)?.code === '23P01') throw unavailable();
      throw error;
    }
  }

  /** The hash and the person's name together are the key; a wrong name answers like an unknown hash. */
  async findByHash(hash: string, name: string): Promise<CancelByHashAnswer | null> {
    const r = await this.repo.findRowByHash(hash);
    if (!r || !sameName(r.personName, name)) return null;
    return {
      status: r.status as ReservationStatus,
      startTs: r.startTs.toISOString(),
      endTs: r.endTs.toISOString(),
      productName: await productName(this.db, r.productId),
    };
  }

  /** Cancels a MANUAL rent by hash and name (and its MANUAL contract, if any); a cancelled one answers as it is. */
  async cancelByHash(hash: string, name: string, now: Date): Promise<{ answer: CancelByHashAnswer; notice: PartyNotice | null } | null> {
    return withTransaction(this.db, async (tx) => {
      const r = await lockReservation(tx, eq(reservations.hash, hash));
      if (!r || !sameName(r.personName, name)) return null;
      const name_ = await productName(tx, r.productId);
      const answer = (status: ReservationStatus) => ({
        status,
        startTs: r.startTs.toISOString(),
        endTs: r.endTs.toISOString(),
        productName: name_,
      });
      if (r.status === 'CANCELLED') return { answer: answer('CANCELLED'), notice: null };
      if (r.status !== 'MANUAL') throw new ApiError(409, 'INVALID_STATUS', messages.errors.cancel.bookingNotCancellable);
      await updateReservation(tx, r.id, { status: 'CANCELLED', updatedTs: now });
      await cancelContractOf(tx, r.id, 'MANUAL', now);
      const notice: PartyNotice = {
        userId: r.productOwnerId,
        product: name_,
        hash: r.hash,
        message: format(messages.notifications.manualRentCancelled, { person: (r.personName ?? '').trim(), product: name_, ...period(r) }),
      };
      await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, now);
      return { answer: answer('CANCELLED'), notice };
    });
  }
}
