import { and, asc, eq } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import type { Db } from '../db/database';
import type { Tx } from '../db/transaction';
import { additionalServices, productVacationDays, products, users } from '../db/schema';
import { ApiError } from '../lib/api-error';

// A product as the booking rules read it: under its row lock, with its prices, rent days, vacation
// days and services (split from reservation-repository.ts, issue 26).

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

/** The product the bookings of which queue on its row lock (FOR NO KEY UPDATE), with what the booking rules read. */
export async function loadForBooking(tx: Tx, productId: number): Promise<BookingProduct> {
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
    .select({
      id: additionalServices.id,
      name: additionalServices.name,
      costCents: additionalServices.costCents,
      additionalInfo: additionalServices.additionalInfo,
    })
    .from(additionalServices)
    .where(and(eq(additionalServices.productId, p.id), eq(additionalServices.deleted, false)))
    .orderBy(asc(additionalServices.id));
  const vacation = await tx
    .select({ day: productVacationDays.day })
    .from(productVacationDays)
    .where(eq(productVacationDays.productId, p.id));
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

export async function productName(db: Db | Tx, productId: number): Promise<string> {
  const [p] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return p?.name ?? '';
}

/** The product's additional services on offer (not deleted). */
export async function offeredServices(tx: Tx, productId: number): Promise<{ id: number; costCents: number }[]> {
  return tx
    .select({ id: additionalServices.id, costCents: additionalServices.costCents })
    .from(additionalServices)
    .where(and(eq(additionalServices.productId, productId), eq(additionalServices.deleted, false)));
}

export async function productForAccept(
  tx: Tx,
  productId: number,
): Promise<{ id: number; name: string; paidLater: boolean; depositCents: number }> {
  const [p] = await tx
    .select({ id: products.id, name: products.name, paidLater: products.paidLater, depositCents: products.costCents })
    .from(products)
    .where(eq(products.id, productId));
  return p;
}
