import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { feeBreakdown } from 'shared-kernel/domain';
import { rentalSpan, type PriceTier } from 'shared-kernel/time';
import { format, messages } from 'shared-kernel/messages';
import type { AdditionalService, FeeBreakdown, Reservation, ReservationStatus } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { additionalServices, notifications, productVacationDays, products, reservationAdditionalServices, reservations, users } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { centsToEuros } from '../lib/money';
import { formatTallinn } from '../lib/tallinn-time';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the booking rules need to know about a product, read under the product's row lock. */
export interface BookingProduct {
  id: number;
  name: string;
  ownerId: number;
  ownerVatLiable: boolean;
  deleted: boolean;
  inactive: boolean;
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
function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
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
      return await this.db.transaction(async (tx) => {
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

  private async loadForBooking(tx: Tx, productId: number): Promise<BookingProduct> {
    const [p] = await tx
      .select({
        id: products.id,
        name: products.name,
        ownerId: products.userId,
        deleted: products.deleted,
        inactiveReason: products.inactiveReason,
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
    return this.db.transaction((tx) => this.declineStale(tx, now, productId));
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
    return this.assemble(r);
  }

  async findById(id: number): Promise<Reservation | null> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
    return r ? this.assemble(r) : null;
  }

  private async assemble(r: typeof reservations.$inferSelect): Promise<Reservation> {
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
    };
  }
}

/** The fee breakdown of a stored reservation, from the amounts fixed when it was requested. */
export function reservationPrice(r: Pick<typeof reservations.$inferSelect, 'priceCents' | 'additionalServiceCostCents' | 'vatRateBp' | 'priceTier' | 'hourly' | 'startTs' | 'endTs'>): FeeBreakdown {
  const b = feeBreakdown({ amountCents: r.priceCents, additionalServiceCostCents: r.additionalServiceCostCents, vatRateBp: r.vatRateBp });
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
