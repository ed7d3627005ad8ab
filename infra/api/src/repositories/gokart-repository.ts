import type { Tx } from '../db/transaction';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { GO_KART, HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import type { Db } from '../db/database';
import { gokartSlotBookings, products, productVacationDays, reservations, users } from '../db/schema';
import { ApiError } from '../lib/api-error';

/** A booking's slots, in time order: the capacity trigger's slot locks are then taken in one order by every booking. */
export async function insertGokartSlots(tx: Tx, rows: (typeof gokartSlotBookings.$inferInsert)[]): Promise<void> {
  for (const row of rows) await tx.insert(gokartSlotBookings).values(row);
}

/** The track as the slot rules read it. */
export interface GokartTrack {
  /** The period rules' fields (services/availability/period-rules.ts PeriodProduct). */
  rentDays: readonly string[];
  vacationDays: readonly string[];
  startTs: string;
  endTs: string;
  id: number;
  name: string;
  ownerId: number;
  /** The track's owner is VAT-liable: the ride price then has their VAT inside. */
  ownerVatLiable: boolean;
  deleted: boolean;
  inactive: boolean;
  acceptedText: string;
}

/**
 * The Rääsilla go-kart track (spec 5, 9): bookings of 20-minute slots shared by up to 10 riders.
 * A booking is one GOKART reservation with a row per slot in gokart_slot_bookings; the capacity is
 * held by that table's trigger (migration 0010), not by reading and then writing here.
 */
export class GokartRepository {
  constructor(
    private readonly db: Db,
    private readonly productId: number = GO_KART.productId,
  ) {}

  /** The track, or a 404 when it is missing or removed. */
  async track(): Promise<GokartTrack> {
    const [p] = await this.db
      .select({
        id: products.id,
        name: products.name,
        ownerId: products.userId,
        ownerVatLiable: users.allowVat,
        deleted: products.deleted,
        inactiveReason: products.inactiveReason,
        rentDays: products.rentDays,
        startTs: products.startTs,
        endTs: products.endTs,
        acceptedText: products.automaticallyApprovedTxt,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .where(eq(products.id, this.productId))
      .limit(1);
    if (!p || p.deleted) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
    const vacation = await this.db
      .select({ day: productVacationDays.day })
      .from(productVacationDays)
      .where(eq(productVacationDays.productId, p.id));
    return {
      id: p.id,
      name: p.name,
      ownerId: p.ownerId,
      ownerVatLiable: p.ownerVatLiable,
      deleted: p.deleted,
      inactive: p.inactiveReason !== null,
      rentDays: p.rentDays,
      startTs: p.startTs,
      endTs: p.endTs,
      vacationDays: vacation.map((v) => v.day),
      acceptedText: p.acceptedText ?? '',
    };
  }

  /** The slots the holding bookings of the track take on `day`, by booking and slot start. */
  async holdingSlots(trackId: number, day: string): Promise<{ reservationId: number; slotStartTs: Date; riders: number }[]> {
    return this.db
      .select({
        reservationId: gokartSlotBookings.reservationId,
        slotStartTs: gokartSlotBookings.slotStartTs,
        riders: gokartSlotBookings.riders,
      })
      .from(gokartSlotBookings)
      .innerJoin(reservations, eq(reservations.id, gokartSlotBookings.reservationId))
      .where(
        and(
          eq(gokartSlotBookings.productId, trackId),
          eq(gokartSlotBookings.day, day),
          inArray(reservations.status, [...HOLDING_RESERVATION_STATUSES]),
        ),
      )
      .orderBy(asc(gokartSlotBookings.reservationId), asc(gokartSlotBookings.slotStartTs));
  }
}
