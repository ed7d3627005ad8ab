import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ReservationStatus } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import type { Tx } from '../db/transaction';
import { contactInfos, contracts, gokartSlotBookings, products, reservationAdditionalServices, reservations, users } from '../db/schema';

/**
 * The reservations' data: row locks in ADR 0013's order, reads and writes. No rules and no texts
 * live here; the booking service (services/booking) decides and composes, inside its transaction.
 * The product a booking reads is in booking-product.ts, the other party's notice in party-notices.ts.
 */
export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservationRow = typeof reservations.$inferInsert;
export type NewContractRow = typeof contracts.$inferInsert;

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
export async function partySnapshots(tx: Tx, partyIds: number[]) {
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
    return {
      id: userId,
      name: u?.name ?? '',
      lastName: u?.lastName ?? null,
      identityCode: u?.identityCode ?? null,
      phone: phones.find((p) => p.userId === userId)?.value ?? null,
    };
  };
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
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return undefined;
}

export function newReservationHash(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export async function insertReservation(tx: Tx, values: NewReservationRow): Promise<ReservationRow> {
  const [row] = await tx.insert(reservations).values(values).returning();
  return row;
}

export async function updateReservation(tx: Tx, id: number, patch: Partial<NewReservationRow>): Promise<void> {
  await tx.update(reservations).set(patch).where(eq(reservations.id, id));
}

export async function insertContract(tx: Tx, values: NewContractRow): Promise<number> {
  const [row] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
  return row.id;
}

/** Cancels the reservation's contract still in `from` (nothing charged: refund 0). */
export async function cancelContractOf(tx: Tx, reservationId: number, from: 'PENDING_PAYMENT' | 'MANUAL', now: Date): Promise<void> {
  await tx
    .update(contracts)
    .set({ status: 'CANCELLED', refundCents: 0, updatedTs: now })
    .where(and(eq(contracts.reservationId, reservationId), eq(contracts.status, from)));
}

export async function pendingContractIdOf(tx: Tx, reservationId: number): Promise<number | null> {
  const [c] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.reservationId, reservationId), eq(contracts.status, 'PENDING_PAYMENT')))
    .limit(1);
  return c?.id ?? null;
}

export async function acceptPendingContract(tx: Tx, contractId: number, now: Date): Promise<void> {
  await tx
    .update(contracts)
    .set({ status: 'ACCEPTED', updatedTs: now })
    .where(and(eq(contracts.id, contractId), eq(contracts.status, 'PENDING_PAYMENT')));
}

/** The renter's REQUESTED reservation of the product, if one is waiting. */
export async function waitingRequestOf(tx: Tx, productId: number, renterId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.productId, productId), eq(reservations.userId, renterId), eq(reservations.status, 'REQUESTED')))
    .limit(1);
  return row?.id ?? null;
}

export async function replaceReservationServices(
  tx: Tx,
  reservationId: number,
  chosen: { id: number; costCents: number }[],
): Promise<void> {
  await tx.delete(reservationAdditionalServices).where(eq(reservationAdditionalServices.reservationId, reservationId));
  if (chosen.length > 0) {
    await tx
      .insert(reservationAdditionalServices)
      .values(chosen.map((s) => ({ reservationId, additionalServiceId: s.id, costCents: s.costCents })));
  }
}

export async function userName(tx: Tx, userId: number): Promise<{ name: string; lastName: string | null } | null> {
  const [u] = await tx.select({ name: users.name, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return u ?? null;
}

export async function gokartSlotsOf(
  db: Db | Tx,
  reservationId: number,
): Promise<{ day: string; slotStartTs: Date; riders: number; riderNames: string[] }[]> {
  return db
    .select({
      day: gokartSlotBookings.day,
      slotStartTs: gokartSlotBookings.slotStartTs,
      riders: gokartSlotBookings.riders,
      riderNames: gokartSlotBookings.riderNames,
    })
    .from(gokartSlotBookings)
    .where(eq(gokartSlotBookings.reservationId, reservationId))
    .orderBy(asc(gokartSlotBookings.slotStartTs));
}

/**
 * REQUESTED reservations whose start has passed become DECLINED_BY_SYSTEM (of one product, or
 * all). Rows are locked in id order, so two sweeps cannot deadlock.
 */
export async function declineStaleRows(tx: Tx, now: Date, productId?: number): Promise<StaleDecline[]> {
  const productFilter = productId === undefined ? sql`` : sql`and r.product_id = ${productId}`;
  const declined = await queryRows<{
    id: number;
    user_id: number | null;
    product_id: number;
    product_name: string;
    start_ts: string | Date;
  }>(
    tx,
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
  return declined.map((r) => ({
    id: r.id,
    userId: r.user_id,
    productId: r.product_id,
    productName: r.product_name,
    startTs: new Date(r.start_ts),
  }));
}

/** Reads of reservations outside any transition. */
export class ReservationRepository {
  constructor(readonly db: Db) {}

  async findRow(id: number): Promise<ReservationRow | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
    return r ?? null;
  }

  async findRowByHash(hash: string): Promise<ReservationRow | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.hash, hash)).limit(1);
    return r ?? null;
  }

  /** The caller's reservations as owner, renter or either, soonest first. */
  async listRows(viewerId: number, as: 'owner' | 'renter' | 'any', statuses?: ReservationStatus[]): Promise<ReservationRow[]> {
    const party =
      as === 'owner'
        ? eq(reservations.productOwnerId, viewerId)
        : as === 'renter'
          ? eq(reservations.userId, viewerId)
          : or(eq(reservations.productOwnerId, viewerId), eq(reservations.userId, viewerId));
    return this.db
      .select()
      .from(reservations)
      .where(and(party, statuses && statuses.length > 0 ? inArray(reservations.status, statuses) : undefined))
      .orderBy(asc(reservations.startTs), asc(reservations.id))
      .limit(500);
  }

  /** REQUESTED reservations waiting for the owner's answer on the owner's products. */
  async countRequestedForOwner(ownerId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reservations)
      .where(and(eq(reservations.productOwnerId, ownerId), eq(reservations.status, 'REQUESTED')));
    return row?.n ?? 0;
  }

  /** The caller's held instant books of the product (the one of `hash` when given), by id. */
  async heldAutomatedIds(productId: number, renterId: number, hash?: string): Promise<number[]> {
    const held = await this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.productId, productId),
          eq(reservations.userId, renterId),
          eq(reservations.kind, 'AUTOMATED'),
          eq(reservations.status, 'PENDING_PAYMENT'),
          hash === undefined ? undefined : eq(reservations.hash, hash),
        ),
      )
      .orderBy(asc(reservations.id));
    return held.map((h) => h.id);
  }

  /** Held (PENDING_PAYMENT) instant books and go-kart bookings whose hold ended before `cutoff`. */
  async expiredHoldIds(cutoff: Date): Promise<number[]> {
    const expired = await this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.status, 'PENDING_PAYMENT'),
          inArray(reservations.kind, ['AUTOMATED', 'GOKART']),
          lte(reservations.holdExpiresTs, cutoff),
        ),
      )
      .orderBy(asc(reservations.id))
      .limit(500);
    return expired.map((e) => e.id);
  }
}
