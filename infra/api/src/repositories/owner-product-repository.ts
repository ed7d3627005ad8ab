import { withTransaction, type Tx } from '../db/transaction';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import type {
  AdditionalService,
  AdditionalServiceInput,
  BulkEditRequest,
  MyProductsQuery,
  NewProductRequest,
  OwnerProduct,
  OwnerReservation,
  ReservationStatus,
} from 'shared-kernel/schemas';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { additionalServices, categories, productImages, products, productVacationDays, reservations, users } from '../db/schema';
import { centsToEuros, eurosToCents } from '../lib/money';
import { formatTallinn } from '../lib/tallinn-time';
import type { ProductRepository } from './product-repository';
import { recordNotice, type PartyNotice } from './party-notices';
import { productColumns, type ProductFieldsInput } from './owner-product-columns';
import { noticeSavedPriceDrops } from './saved-product-repository';
import { failingCalendars } from './calendar-repository';

export type { ProductFieldsInput };

export type NewProductInput = z.output<typeof NewProductRequest>;
export type MyProductsFilter = z.output<typeof MyProductsQuery>;

/** Reservations that are holding now count as "rented now" only once the owner has agreed to them. */
const RENTED_STATUSES = HOLDING_RESERVATION_STATUSES.filter((s) => s !== 'REQUESTED');
const DAY_MS = 24 * 60 * 60 * 1000;
/** Time management hides reservations that ended longer ago than this (spec 2, 9). */
const HIDE_ENDED_AFTER_MS = 14 * DAY_MS;

/** The owner's side of the catalogue (issue 11): every write checks ownership in its own WHERE. */
export class OwnerProductRepository {
  constructor(
    private readonly db: Db,
    private readonly productRepository: ProductRepository,
  ) {}

  /** The category when it is a child category (products never sit in a top-level one), else null. */
  async childCategory(categoryId: number): Promise<{ id: number; parentCategoryId: number } | null> {
    const [c] = await this.db
      .select({ id: categories.id, parentCategoryId: categories.parentCategoryId })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .limit(1);
    if (!c || c.parentCategoryId === null) return null;
    return { id: c.id, parentCategoryId: c.parentCategoryId };
  }

  /** The product's owner and state, or null when it does not exist. */
  async ownership(productId: number): Promise<{ userId: number; deleted: boolean } | null> {
    const [p] = await this.db
      .select({ userId: products.userId, deleted: products.deleted })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    return p ?? null;
  }

  async create(ownerId: number, input: NewProductInput, now: Date): Promise<number> {
    return withTransaction(this.db, async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({ ...productColumns(input), userId: ownerId, createdTs: now, updatedTs: now })
        .returning({ id: products.id });
      await tx
        .insert(productImages)
        .values(input.images.map((fileName, i) => ({ productId: row.id, fileName, sortOrder: i, createdTs: now })));
      if (input.additionalServices.length > 0) {
        await tx.insert(additionalServices).values(
          input.additionalServices.map((s) => ({
            productId: row.id,
            name: s.name,
            additionalInfo: s.additionalInfo || null,
            costCents: eurosToCents(s.cost),
          })),
        );
      }
      if (input.vacationDays.length > 0) {
        await tx.insert(productVacationDays).values(input.vacationDays.map((day) => ({ productId: row.id, day })));
      }
      return row.id;
    });
  }

  /**
   * Rewrites the product's fields and vacation days under its row lock, the lock every booking of
   * the product takes first (ADR 0013): a booking judged on the old days cannot commit after this.
   * A lower day price tells the product's savers (ADR 0048).
   */
  async update(ownerId: number, productId: number, input: ProductFieldsInput, now: Date): Promise<boolean> {
    return withTransaction(this.db, async (tx) => {
      if (!(await this.lockOwned(tx, ownerId, productId))) return false;
      await tx
        .update(products)
        .set({ ...productColumns(input), updatedTs: now })
        .where(eq(products.id, productId));
      await this.replaceVacationDays(tx, productId, input.vacationDays);
      // Savers hear of a lower price exactly when it is committed (issue 32).
      await noticeSavedPriceDrops(tx, productId, now);
      return true;
    });
  }

  /**
   * Removes the product from rent (inactive with a reason) and declines its waiting requests as
   * NOT_AVAILABLE, each renter notified; the notices are returned for mail after the commit.
   */
  async deactivate(ownerId: number, productId: number, reason: string, now: Date): Promise<PartyNotice[] | null> {
    return withTransaction(this.db, async (tx) => {
      const product = await this.lockOwned(tx, ownerId, productId);
      if (!product) return null;
      await tx.update(products).set({ inactiveReason: reason, updatedTs: now }).where(eq(products.id, productId));
      return this.declineRequests(tx, [product], now);
    });
  }

  async restore(ownerId: number, productId: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(products)
      .set({ inactiveReason: null, deleted: false, updatedTs: now })
      .where(and(eq(products.id, productId), eq(products.userId, ownerId)))
      .returning({ id: products.id });
    return rows.length > 0;
  }

  /** Marks the owner's products deleted (their waiting requests declined); null when any id is not the owner's (nothing changes). */
  async bulkDelete(ownerId: number, productIds: readonly number[], now: Date): Promise<PartyNotice[] | null> {
    const ids = [...new Set(productIds)].sort((a, b) => a - b);
    return withTransaction(this.db, async (tx) => {
      const locked = await this.lockAllOwned(tx, ownerId, ids);
      if (!locked) return null;
      await tx.update(products).set({ deleted: true, updatedTs: now }).where(inArray(products.id, ids));
      return this.declineRequests(tx, locked, now);
    });
  }

  /** The same time settings for many of the owner's products; null when any id is not the owner's. */
  async bulkEdit(ownerId: number, input: BulkEditRequest, now: Date): Promise<boolean> {
    const ids = [...new Set(input.productIds)].sort((a, b) => a - b);
    return withTransaction(this.db, async (tx) => {
      const locked = await this.lockAllOwned(tx, ownerId, ids);
      if (!locked) return false;
      const set = {
        ...(input.rentDays === undefined ? {} : { rentDays: [...new Set(input.rentDays)] }),
        ...(input.startTs === undefined ? {} : { startTs: input.startTs }),
        ...(input.endTs === undefined ? {} : { endTs: input.endTs }),
        updatedTs: now,
      };
      await tx.update(products).set(set).where(inArray(products.id, ids));
      if (input.vacationDays !== undefined) {
        for (const id of ids) await this.replaceVacationDays(tx, id, [...new Set(input.vacationDays)].sort());
      }
      return true;
    });
  }

  /** The daily windows the products would have after a bulk edit (to check start < end against what is stored). */
  async windows(ownerId: number, productIds: readonly number[]): Promise<{ id: number; startTs: string; endTs: string }[]> {
    return this.db
      .select({ id: products.id, startTs: products.startTs, endTs: products.endTs })
      .from(products)
      .where(and(inArray(products.id, [...productIds]), eq(products.userId, ownerId)));
  }

  async addService(ownerId: number, productId: number, input: AdditionalServiceInput): Promise<AdditionalService | null> {
    return withTransaction(this.db, async (tx) => {
      if (!(await this.lockOwned(tx, ownerId, productId))) return null;
      const [row] = await tx
        .insert(additionalServices)
        .values({ productId, name: input.name, additionalInfo: input.additionalInfo || null, costCents: eurosToCents(input.cost) })
        .returning();
      return presentService(row);
    });
  }

  /** Null when the product is not the owner's; 'missing' when the service is not the product's (or deleted). */
  async updateService(
    ownerId: number,
    productId: number,
    serviceId: number,
    input: AdditionalServiceInput,
  ): Promise<AdditionalService | 'missing' | null> {
    return withTransaction(this.db, async (tx) => {
      if (!(await this.lockOwned(tx, ownerId, productId))) return null;
      const [row] = await tx
        .update(additionalServices)
        .set({ name: input.name, additionalInfo: input.additionalInfo || null, costCents: eurosToCents(input.cost) })
        .where(
          and(eq(additionalServices.id, serviceId), eq(additionalServices.productId, productId), eq(additionalServices.deleted, false)),
        )
        .returning();
      return row ? presentService(row) : 'missing';
    });
  }

  /**
   * Soft delete: reservations keep pointing at the services they chose (and their price), so the
   * row stays and only leaves the product's offer.
   */
  async deleteService(ownerId: number, productId: number, serviceId: number): Promise<boolean | null> {
    return withTransaction(this.db, async (tx) => {
      if (!(await this.lockOwned(tx, ownerId, productId))) return null;
      const rows = await tx
        .update(additionalServices)
        .set({ deleted: true })
        .where(
          and(eq(additionalServices.id, serviceId), eq(additionalServices.productId, productId), eq(additionalServices.deleted, false)),
        )
        .returning({ id: additionalServices.id });
      return rows.length > 0;
    });
  }

  /** The owner's view of one product. */
  async ownerProduct(productId: number, now: Date): Promise<OwnerProduct | null> {
    const [product] = await this.ownerProducts([productId], now, { includeReservation: true, activeReservations: false });
    return product ?? null;
  }

  async ownerProducts(
    ids: readonly number[],
    now: Date,
    opts: { includeReservation: boolean; activeReservations: boolean },
  ): Promise<OwnerProduct[]> {
    if (ids.length === 0) return [];
    const details = await this.productRepository.getDetailsMany(ids, now);
    const shownFrom = new Date(now.getTime() - HIDE_ENDED_AFTER_MS);
    const rows = opts.includeReservation
      ? await this.db
          .select({
            id: reservations.id,
            productId: reservations.productId,
            hash: reservations.hash,
            status: reservations.status,
            startTs: reservations.startTs,
            endTs: reservations.endTs,
            personName: reservations.personName,
            personPhone: reservations.personPhone,
            renterName: users.name,
            renterLastName: users.lastName,
          })
          .from(reservations)
          .leftJoin(users, eq(users.id, reservations.userId))
          .where(
            and(
              inArray(reservations.productId, [...ids]),
              gte(reservations.endTs, shownFrom),
              opts.activeReservations ? inArray(reservations.status, [...HOLDING_RESERVATION_STATUSES]) : undefined,
            ),
          )
          .orderBy(asc(reservations.startTs), asc(reservations.id))
      : [];
    const rentedNow = await this.db
      .select({ productId: reservations.productId })
      .from(reservations)
      .where(
        and(
          inArray(reservations.productId, [...ids]),
          inArray(reservations.status, [...RENTED_STATUSES]),
          sql`${reservations.startTs} <= ${now.toISOString()}::timestamptz and ${reservations.endTs} > ${now.toISOString()}::timestamptz`,
        ),
      );
    const rented = new Set(rentedNow.map((r) => r.productId));
    const failing = await failingCalendars(this.db, ids);
    return details.map((p) => ({
      ...p,
      ownerReservations: rows
        .filter((r) => r.productId === p.id)
        .map((r): OwnerReservation => ({
          id: r.id,
          hash: r.hash,
          status: r.status as ReservationStatus,
          startTs: r.startTs.toISOString(),
          endTs: r.endTs.toISOString(),
          renterName: r.renterName === null ? r.personName : [r.renterName, r.renterLastName].filter(Boolean).join(' '),
          personPhone: r.personPhone,
        })),
      rentedNow: rented.has(p.id),
      active: !p.deleted && p.inactiveReason === null,
      failingCalendars: failing.get(p.id) ?? [],
    }));
  }

  /**
   * `GET /products/my-products`: the owner's products by tab, inactive first, then rented now, then
   * newest. Reserved = a holding reservation now or later; available = active with none.
   */
  async myProducts(ownerId: number, query: MyProductsFilter, now: Date): Promise<OwnerProduct[]> {
    const holding = sql`exists (select 1 from ${reservations} r where r.product_id = ${products.id} and r.status in (${sql.join(
      HOLDING_RESERVATION_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}) and r.end_ts > ${now.toISOString()}::timestamptz)`;
    const active = sql`(${products.deleted} = false and ${products.inactiveReason} is null)`;
    const tab =
      query.tab === 'reserved'
        ? holding
        : query.tab === 'available'
          ? sql`${active} and not ${holding}`
          : query.tab === 'inactive'
            ? sql`not ${active}`
            : undefined;
    const rows = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, ownerId), query.deleted === undefined ? undefined : eq(products.deleted, query.deleted), tab))
      .orderBy(desc(products.createdTs), desc(products.id))
      .limit(1000);
    const list = await this.ownerProducts(
      rows.map((r) => r.id),
      now,
      { includeReservation: query.includeReservation, activeReservations: query.activeReservations },
    );
    const rank = (p: OwnerProduct) => (!p.active ? 0 : p.rentedNow ? 1 : 2);
    // Array.prototype.sort is stable: within a rank the newest-first order of the query stays.
    const sorted = [...list].sort((a, b) => rank(a) - rank(b));
    return query.excludeImagery ? sorted.map((p) => ({ ...p, images: [] })) : sorted;
  }

  private async lockOwned(tx: Tx, ownerId: number, productId: number): Promise<{ id: number; name: string } | null> {
    const [p] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.userId, ownerId)))
      .for('no key update')
      .limit(1);
    return p ?? null;
  }

  /** Locks the products in id order (two bulk calls cannot deadlock); null unless every one is the owner's. */
  private async lockAllOwned(tx: Tx, ownerId: number, ids: readonly number[]): Promise<{ id: number; name: string }[] | null> {
    const rows = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(inArray(products.id, [...ids]), eq(products.userId, ownerId)))
      .orderBy(asc(products.id))
      .for('no key update');
    return rows.length === ids.length ? rows : null;
  }

  private async replaceVacationDays(tx: Tx, productId: number, days: readonly string[]): Promise<void> {
    await tx.delete(productVacationDays).where(eq(productVacationDays.productId, productId));
    if (days.length > 0) await tx.insert(productVacationDays).values(days.map((day) => ({ productId, day })));
  }

  /** Declines the products' waiting requests as NOT_AVAILABLE (spec 4: removal cancels active requests) and notifies each renter. */
  private async declineRequests(tx: Tx, locked: { id: number; name: string }[], now: Date): Promise<PartyNotice[]> {
    if (locked.length === 0) return [];
    const names = new Map(locked.map((p) => [p.id, p.name]));
    const declined = await tx
      .update(reservations)
      .set({ status: 'DECLINED', declineReason: 'NOT_AVAILABLE', updatedTs: now })
      .where(and(inArray(reservations.productId, [...names.keys()]), eq(reservations.status, 'REQUESTED')))
      .returning();
    const notices: PartyNotice[] = [];
    for (const r of declined.sort((a, b) => a.id - b.id)) {
      if (r.userId === null) continue;
      const product = names.get(r.productId) ?? '';
      const notice: PartyNotice = {
        userId: r.userId,
        product,
        hash: r.hash,
        message: format(messages.notifications.requestDeclined, {
          product,
          start: formatTallinn(r.startTs),
          end: formatTallinn(r.endTs),
          reason: messages.domain.declineReasons.NOT_AVAILABLE,
        }),
      };
      await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, now);
      notices.push(notice);
    }
    return notices;
  }
}

function presentService(row: typeof additionalServices.$inferSelect): AdditionalService {
  return { id: row.id, name: row.name, cost: centsToEuros(row.costCents), additionalInfo: row.additionalInfo };
}
