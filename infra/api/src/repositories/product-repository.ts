import { and, asc, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import type { Product, ProductDetails, TechnicalFields, Weekday } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import { additionalServices, categories, feedback, productImages, products, productVacationDays, reservations, users } from '../db/schema';
import { centsToEuros } from '../lib/money';

type ProductRow = typeof products.$inferSelect;

/** Reservation statuses that occupy the product's calendar: the ones that hold time. */
const CALENDAR_STATUSES = HOLDING_RESERVATION_STATUSES;

/** The technical fields of a product row (owner spec 3). */
export function technicalOf(p: ProductRow): TechnicalFields {
  return {
    width: p.width,
    height: p.height,
    lengthOfItem: p.lengthOfItem,
    weight: p.weight,
    maxCarry: p.maxCarry,
    engineType: p.engineType,
    issueYear: p.issueYear,
    power: p.power,
    axleCount: p.axleCount,
    seat: p.seat,
    gear: p.gear,
    platformHeight: p.platformHeight,
    canGoForeign: p.canGoForeign,
    carryingWheels: p.carryingWheels,
    carryConfiguration: p.carryConfiguration,
    distanceTravelled: p.distanceTravelled,
    radiusMax: p.radiusMax,
    platformMeasurements: p.platformMeasurements,
    liftType: p.liftType,
  };
}

export interface ProductListOptions {
  page: number;
  perPage: number;
  userId?: number;
  includeDeleted?: boolean;
}

export class ProductRepository {
  constructor(
    private readonly db: Db,
    private readonly filesPublicPath: string,
  ) {}

  async list(opts: ProductListOptions, now: Date): Promise<Product[]> {
    const where = and(
      opts.includeDeleted ? undefined : eq(products.deleted, false),
      opts.userId === undefined ? undefined : eq(products.userId, opts.userId),
    );
    const rows = await this.db
      .select({ product: products, allowVat: users.allowVat, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .where(where)
      .orderBy(desc(products.createdTs), desc(products.id))
      .limit(opts.perPage)
      .offset(opts.page * opts.perPage);
    const total = rows[0]?.total ?? (opts.page > 0 ? await this.count(opts) : 0);
    return this.assemble(
      rows.map((r) => ({ row: r.product, allowVat: r.allowVat })),
      total,
      now,
    );
  }

  /**
   * An owner's products as the public site shows them (search's rule: not deleted, not made
   * inactive), newest first like their public product list, for the owner widget. Only products
   * with a day price: the widget's card is priced by the day. A parent category includes its children.
   */
  async listPublicOfOwner(userId: number, opts: { limit: number; categoryId?: number }, now: Date): Promise<Product[]> {
    const inCategory =
      opts.categoryId === undefined
        ? undefined
        : or(
            eq(products.categoryId, opts.categoryId),
            inArray(products.categoryId, this.db.select({ id: categories.id }).from(categories).where(eq(categories.parentCategoryId, opts.categoryId))),
          );
    const rows = await this.db
      .select({ product: products, allowVat: users.allowVat })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .where(and(eq(products.userId, userId), eq(products.deleted, false), isNull(products.inactiveReason), gt(products.priceDailyCents, 0), inCategory))
      .orderBy(desc(products.createdTs), desc(products.id))
      .limit(opts.limit);
    return this.assemble(
      rows.map((r) => ({ row: r.product, allowVat: r.allowVat })),
      rows.length,
      now,
    );
  }

  private async count(opts: ProductListOptions): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(
          opts.includeDeleted ? undefined : eq(products.deleted, false),
          opts.userId === undefined ? undefined : eq(products.userId, opts.userId),
        ),
      );
    return row.n;
  }

  /** Deleted products are answered too (deleted=true); the UI shows its deleted view. */
  async getById(id: number, now: Date): Promise<Product | null> {
    const [row] = await this.db
      .select({ product: products, allowVat: users.allowVat })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .where(eq(products.id, id))
      .limit(1);
    if (!row) return null;
    const [product] = await this.assemble([{ row: row.product, allowVat: row.allowVat }], 1, now);
    return product;
  }

  async getDetails(id: number, now: Date): Promise<ProductDetails | null> {
    const [product] = await this.getDetailsMany([id], now);
    return product ?? null;
  }

  /** The details of several products in the order of `ids` (missing ones left out), children loaded once per table. */
  async getDetailsMany(ids: readonly number[], now: Date): Promise<ProductDetails[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        product: products,
        owner: { id: users.id, name: users.name, lastName: users.lastName, type: users.type, allowVat: users.allowVat },
        categoryName: categories.name,
        parentCategoryId: categories.parentCategoryId,
        parentCategoryName: sql<string | null>`(select c2.name from ${categories} c2 where c2.id = ${categories.parentCategoryId})`,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.id, [...ids]));
    const byId = new Map(rows.map((r) => [r.product.id, r]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    const assembled = await this.assemble(
      ordered.map((r) => ({ row: r.product, allowVat: r.owner.allowVat })),
      ordered.length,
      now,
    );
    return ordered.map((row, i) => {
      const product = assembled[i];
      const p = row.product;
      const ownerName = row.owner.type === 'B2B' ? row.owner.name : `${row.owner.name} ${(row.owner.lastName ?? '').slice(0, 1)}.`.trim();
      return {
        ...product,
        loadedCount: 1,
        technical: technicalOf(p),
        categoryName: row.categoryName,
        parentCategoryId: row.parentCategoryId,
        parentCategoryName: row.parentCategoryName,
        categoryLabel: row.parentCategoryName ? `${row.parentCategoryName} - ${row.categoryName}` : row.categoryName,
        owner: { id: row.owner.id, name: ownerName, type: row.owner.type, allowVat: row.owner.allowVat },
      };
    });
  }

  /** Loads the children of a page of products in one query per table, not one per product. */
  private async assemble(rows: { row: ProductRow; allowVat: boolean }[], total: number, now: Date): Promise<Product[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.row.id);
    const [images, services, reservationRows, vacation, ratings] = await Promise.all([
      this.db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.sortOrder), asc(productImages.id)),
      this.db
        .select()
        .from(additionalServices)
        .where(and(inArray(additionalServices.productId, ids), eq(additionalServices.deleted, false)))
        .orderBy(asc(additionalServices.id)),
      this.db
        .select({ id: reservations.id, productId: reservations.productId, startTs: reservations.startTs, endTs: reservations.endTs })
        .from(reservations)
        .where(and(inArray(reservations.productId, ids), inArray(reservations.status, [...CALENDAR_STATUSES]), gte(reservations.endTs, now)))
        .orderBy(asc(reservations.startTs)),
      this.db.select().from(productVacationDays).where(inArray(productVacationDays.productId, ids)).orderBy(asc(productVacationDays.day)),
      this.db
        .select({ productId: feedback.productId, avg: sql<string>`avg(${feedback.ratingHalves})` })
        .from(feedback)
        .where(inArray(feedback.productId, ids))
        .groupBy(feedback.productId),
    ]);
    const group = <T extends { productId: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) {
        const bucket = map.get(item.productId) ?? [];
        bucket.push(item);
        map.set(item.productId, bucket);
      }
      return map;
    };
    const imagesBy = group(images);
    const servicesBy = group(services);
    const reservationsBy = group(reservationRows);
    const vacationBy = group(vacation);
    const ratingBy = new Map(ratings.map((r) => [r.productId, Math.round(Number(r.avg)) / 2]));

    return rows.map(({ row: p, allowVat }) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      images: (imagesBy.get(p.id) ?? []).map((i) => ({ id: i.id, url: `${this.filesPublicPath}/${i.fileName}`, title: i.title })),
      paidLater: p.paidLater,
      startTs: p.startTs,
      endTs: p.endTs,
      rentDays: p.rentDays as Weekday[],
      vacationDays: (vacationBy.get(p.id) ?? []).map((v) => v.day),
      priceDaily: centsToEuros(p.priceDailyCents),
      priceHour: centsToEuros(p.priceHourCents),
      threeDay: centsToEuros(p.threeDayCents),
      aweek: centsToEuros(p.aWeekCents),
      twoWeek: centsToEuros(p.twoWeekCents),
      month: centsToEuros(p.monthCents),
      weekendDay: centsToEuros(p.weekendDayCents),
      createdTs: p.createdTs.toISOString(),
      deleted: p.deleted,
      inactiveReason: p.inactiveReason,
      categoryId: p.categoryId,
      userId: p.userId,
      allowVat,
      cost: centsToEuros(p.costCents),
      rating: ratingBy.get(p.id) ?? null,
      additionalServices: (servicesBy.get(p.id) ?? []).map((s) => ({
        id: s.id,
        name: s.name,
        cost: centsToEuros(s.costCents),
        additionalInfo: s.additionalInfo,
      })),
      automaticallyApproved: p.automaticallyApproved,
      automaticallyApprovedTxt: p.automaticallyApprovedTxt,
      productCode: p.productCode,
      reservations: (reservationsBy.get(p.id) ?? []).map((r) => ({ id: r.id, startTs: r.startTs.toISOString(), endTs: r.endTs.toISOString() })),
      location: p.lat !== null && p.lon !== null ? `${p.lat},${p.lon}` : null,
      lat: p.lat,
      lon: p.lon,
      locationDescription: p.locationDescription,
      loadedCount: total,
    }));
  }
}
