import { asc, eq, inArray } from 'drizzle-orm';
import type { AdditionalService, Reservation, ReservationStatus } from 'shared-kernel/schemas';
import { inTallinn } from 'shared-kernel/time';
import type { Db } from '../db/database';
import { additionalServices, products, reservationAdditionalServices, users } from '../db/schema';
import { centsToEuros } from '../lib/money';
import { reservationPrice } from '../lib/stored-price';
import { gokartSlotsOf, type ReservationRow } from './reservation-repository';

/** The reservation as its parties see it (the read model of `Reservation`). */
export async function presentReservation(db: Db, r: ReservationRow): Promise<Reservation> {
  const partyIds = [r.productOwnerId, ...(r.userId === null ? [] : [r.userId])];
  const [[product], parties, chosen] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, r.productId)),
    db.select({ id: users.id, name: users.name, lastName: users.lastName }).from(users).where(inArray(users.id, partyIds)),
    db
      .select({
        id: additionalServices.id,
        name: additionalServices.name,
        additionalInfo: additionalServices.additionalInfo,
        costCents: reservationAdditionalServices.costCents,
      })
      .from(reservationAdditionalServices)
      .innerJoin(additionalServices, eq(additionalServices.id, reservationAdditionalServices.additionalServiceId))
      .where(eq(reservationAdditionalServices.reservationId, r.id))
      .orderBy(asc(additionalServices.id)),
  ]);
  const party = (userId: number) => {
    const u = parties.find((p) => p.id === userId);
    return { id: userId, name: u?.name ?? '', lastName: u?.lastName ?? null };
  };
  const services: AdditionalService[] = chosen.map((s) => ({
    id: s.id,
    name: s.name,
    cost: centsToEuros(s.costCents),
    additionalInfo: s.additionalInfo,
  }));
  const gokart = r.kind === 'GOKART' ? await gokartDetails(db, r.id) : null;
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
async function gokartDetails(db: Db, reservationId: number): Promise<{ day: string; slots: string[]; riders: string[] } | null> {
  const rows = await gokartSlotsOf(db, reservationId);
  if (rows.length === 0) return null;
  return { day: rows[0].day, slots: rows.map((row) => inTallinn(row.slotStartTs).toFormat('HH:mm')), riders: rows[0].riderNames };
}
