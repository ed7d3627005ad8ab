import { messages } from 'shared-kernel/messages';
import { inTallinn, rentalVatRateBp } from 'shared-kernel/time';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import { insertGokartSlots, type GokartRepository, type GokartTrack } from '../../repositories/gokart-repository';
import { databaseError, insertReservation, newReservationHash } from '../../repositories/reservation-repository';
import { assertDebtorMayBook } from './debtor-limits';
import { openingHours, type PlannedSlot } from '../gokart/slots';
import type { GokartDay } from 'shared-kernel/schemas';
import { writeContract } from './contract-writer';

/**
 * The Rääsilla go-kart track's bookings (spec 5, 9): one GOKART reservation with a row per slot in
 * gokart_slot_bookings; the capacity is held by that table's trigger (migration 0010).
 */
export class GokartBooking {
  constructor(
    private readonly db: Db,
    private readonly tracks: GokartRepository,
  ) {}

  /** `GET /reservations/by-day`: the day's opening hours and what the holding bookings take. */
  async byDay(day: string): Promise<GokartDay> {
    const track = await this.tracks.track();
    const hours = track.inactive ? null : openingHours(track, day);
    const bookings = new Map<number, { riders: number; slots: string[] }>();
    const slotsTaken: Record<string, number> = {};
    for (const row of await this.tracks.holdingSlots(track.id, day)) {
      const slot = inTallinn(row.slotStartTs).toFormat('HH:mm');
      const booking = bookings.get(row.reservationId) ?? { riders: row.riders, slots: [] };
      booking.slots.push(slot);
      bookings.set(row.reservationId, booking);
      slotsTaken[slot] = (slotsTaken[slot] ?? 0) + row.riders;
    }
    return {
      day,
      opens: hours?.opens ?? null,
      closes: hours?.closes ?? null,
      bookings: [...bookings.values()].map((b) => ({ riders: b.riders, slots: b.slots.join(',') })),
      slotsTaken,
    };
  }

  /**
   * A go-kart booking held in PENDING_PAYMENT until `holdExpiresTs`: the reservation spans its first
   * to its last slot, each slot a row with the riders' names, and the contract (PENDING_PAYMENT)
   * names the riders (contractData.RAASILLA_RIDERS_NAMES). A slot the booking would overfill makes
   * the whole booking 409 GOKART_FULL.
   */
  async create(input: {
    track: GokartTrack;
    renterId: number;
    day: string;
    slots: PlannedSlot[];
    riders: string[];
    personName: string;
    personPhone: string;
    totalCents: number;
    holdExpiresTs: Date;
    now: Date;
  }): Promise<{ id: number; hash: string }> {
    const { track, slots } = input;
    try {
      return await withTransaction(this.db, async (tx) => {
        await assertDebtorMayBook(tx, input.renterId, input.totalCents, input.now);
        const row = await insertReservation(tx, {
          hash: newReservationHash(),
          productId: track.id,
          userId: input.renterId,
          productOwnerId: track.ownerId,
          kind: 'GOKART',
          status: 'PENDING_PAYMENT',
          startTs: new Date(slots[0].startMs),
          endTs: new Date(slots[slots.length - 1].endMs),
          hourly: true,
          // The riders' price with the owner's VAT inside (spec 9: 20 € a ride), at the rate of
          // the ride's Tallinn day like any rental (ADR 0012); `storedBreakdown` takes the VAT out.
          priceCents: input.totalCents,
          vatRateBp: rentalVatRateBp(track.ownerVatLiable, slots[0].startMs),
          acceptedText: track.acceptedText,
          personName: input.personName,
          personPhone: input.personPhone,
          holdExpiresTs: input.holdExpiresTs,
          createdTs: input.now,
          updatedTs: input.now,
        });
        // In time order: the trigger's slot locks are then taken in one order by every booking.
        await insertGokartSlots(
          tx,
          slots.map((slot) => ({
            reservationId: row.id,
            productId: track.id,
            day: input.day,
            slotStartTs: new Date(slot.startMs),
            riders: input.riders.length,
            riderNames: input.riders,
            createdTs: input.now,
          })),
        );
        await writeContract(tx, {
          reservation: row,
          product: { id: track.id, name: track.name, depositCents: 0 },
          status: 'PENDING_PAYMENT',
          paidLater: false,
          acceptedText: track.acceptedText,
          extraData: {
            kind: 'GOKART',
            renterName: input.personName,
            renterPhone: input.personPhone,
            RAASILLA_RIDERS_NAMES: input.riders,
            RAASILLA_SLOTS: slots.map((s) => s.slot),
          },
          now: input.now,
        });
        return { id: row.id, hash: row.hash };
      });
    } catch (error) {
      const db = databaseError(error);
      if (db?.code === '23514' && db.constraint === 'gokart_slot_capacity')
        throw new ApiError(409, 'GOKART_FULL', messages.errors.booking.goKartFull);
      throw error;
    }
  }
}
