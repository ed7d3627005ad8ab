import { and, asc, desc, eq, gt, gte, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import type { Product, ProductDetails, Weekday } from 'shared-kernel/schemas';
import type { Db } from '../db/database';
import {
  additionalServices,
  calendarBlocks,
  categories,
  feedback,
  productImages,
  products,
  productVacationDays,
  reservations,
  users,
} from '../db/schema';
import { centsToEuros } from '../lib/money';
import { largeFileNameOf } from '../lib/image-names';
import { technicalOf } from './product-technical';

type ProductRow = typeof products.$inferSelect;

/** The columns of a product's details: the product, its owner and its category (with the parent's name). */
const detailsColumns = {
  product: products,
  owner: { id: users.id, name: users.name, lastName: users.lastName, type: users.type, allowVat: users.allowVat },
  categoryName: categories.name,
  parentCategoryId: categories.parentCategoryId,
  parentCategoryName: sql<string | null>`(select c2.name from ${categories} c2 where c2.id = ${categories.parentCategoryId})`,
};
interface DetailsRow {
  product: ProductRow;
  owner: { id: number; name: string; lastName: string | null; type: (typeof users.$inferSelect)['type']; allowVat: boolean };
  categoryName: string;
  parentCategoryId: number | null;
  parentCategoryName: string | null;
}
interface ImageJson {
  id: number;
  fileName: string;
  title: string;
}
interface ServiceJson {
  id: number;
  name: string;
  costCents: number;
  additionalInfo: string | null;
}
interface ReservationJson {
  id: number;
  startTs: string;
  endTs: string;
}
/** A product's child rows, however they were loaded. */
interface Children {
  images: (ImageJson & { productId: number })[];
  services: (ServiceJson & { productId: number })[];
  reservations: { id: number; productId: number; startTs: Date; endTs: Date }[];
  blocked: { productId: number; startTs: Date; endTs: Date }[];
  vacation: { productId: number; day: string }[];
  rating: number | null;
}

/** Reservation statuses that occupy the product's calendar: the ones that hold time. */
const CALENDAR_STATUSES = HOLDING_RESERVATION_STATUSES;

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
  async listPublicOfOwner(
    userId: number,
    opts: { limit: number; categoryId?: number; excludeIds?: number[] },
    now: Date,
  ): Promise<Product[]> {
    const inCategory =
      opts.categoryId === undefined
        ? undefined
        : or(
            eq(products.categoryId, opts.categoryId),
            inArray(
              products.categoryId,
              this.db.select({ id: categories.id }).from(categories).where(eq(categories.parentCategoryId, opts.categoryId)),
            ),
          );
    const rows = await this.db
      .select({ product: products, allowVat: users.allowVat })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .where(
        and(
          eq(products.userId, userId),
          eq(products.deleted, false),
          isNull(products.inactiveReason),
          gt(products.priceDailyCents, 0),
          inCategory,
          opts.excludeIds?.length ? notInArray(products.id, opts.excludeIds) : undefined,
        ),
      )
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

  /** The products a visitor can open (search's rule), by id: only the two columns, for the sitemap. */
  async publicIndex(opts: { page: number; perPage: number }): Promise<{ items: { id: number; updatedTs: string }[]; total: number }> {
    const rows = await this.db
      .select({ id: products.id, updatedTs: products.updatedTs, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .where(and(eq(products.deleted, false), isNull(products.inactiveReason)))
      .orderBy(asc(products.id))
      .limit(opts.perPage)
      .offset(opts.page * opts.perPage);
    const total = rows[0]?.total ?? (await this.db.$count(products, and(eq(products.deleted, false), isNull(products.inactiveReason))));
    return { items: rows.map((r) => ({ id: r.id, updatedTs: r.updatedTs.toISOString() })), total };
  }

  /** Deleted products are answered too (deleted=true); the UI shows its deleted view. */
  async getById(id: number, now: Date): Promise<Product | null> {
    const one = await this.loadOne(id, now);
    return one ? one.product : null;
  }

  /** One product page's details in one statement (issue 16: six queries in a row held the product page). */
  async getDetails(id: number, now: Date): Promise<ProductDetails | null> {
    const one = await this.loadOne(id, now);
    return one ? this.detailsOf(one.row, one.product) : null;
  }

  /** The details of several products in the order of `ids` (missing ones left out), children loaded once per table. */
  async getDetailsMany(ids: readonly number[], now: Date): Promise<ProductDetails[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(detailsColumns)
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
    return ordered.map((row, i) => this.detailsOf(row, assembled[i]));
  }

  private detailsOf(row: DetailsRow, product: Product): ProductDetails {
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
  }

  /**
   * One product with its owner, category and every child list in a single statement: the children
   * as JSON arrays from correlated subqueries (each an index lookup on product_id), so the product
   * page's call is one round trip instead of a join plus five child queries. Assembled by the same
   * `toProduct` as lists, so both answers are identical.
   */
  private async loadOne(id: number, now: Date): Promise<{ row: DetailsRow; product: Product } | null> {
    const statuses = sql.join(
      CALENDAR_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const nowIso = now.toISOString();
    const [r] = await this.db
      .select({
        ...detailsColumns,
        images: sql<
          ImageJson[]
        >`(select coalesce(json_agg(json_build_object('id', i.id, 'fileName', i.file_name, 'title', i.title) order by i.sort_order, i.id), '[]'::json)
          from ${productImages} i where i.product_id = ${products.id})`,
        services: sql<
          ServiceJson[]
        >`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'costCents', s.cost_cents, 'additionalInfo', s.additional_info) order by s.id), '[]'::json)
          from ${additionalServices} s where s.product_id = ${products.id} and not s.deleted)`,
        reservations: sql<
          ReservationJson[]
        >`(select coalesce(json_agg(json_build_object('id', r.id, 'startTs', r.start_ts, 'endTs', r.end_ts) order by r.start_ts), '[]'::json)
          from ${reservations} r where r.product_id = ${products.id} and r.status in (${statuses}) and r.end_ts >= ${nowIso}::timestamptz)`,
        blocked: sql<
          { startTs: string; endTs: string }[]
        >`(select coalesce(json_agg(json_build_object('startTs', b.start_ts, 'endTs', b.end_ts) order by b.start_ts), '[]'::json)
          from ${calendarBlocks} b where b.product_id = ${products.id} and b.end_ts > ${nowIso}::timestamptz)`,
        vacation: sql<
          string[]
        >`(select coalesce(json_agg(v.day::text order by v.day), '[]'::json) from ${productVacationDays} v where v.product_id = ${products.id})`,
        ratingAvg: sql<string | null>`(select avg(f.rating_halves)::text from ${feedback} f where f.product_id = ${products.id})`,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.userId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, id))
      .limit(1);
    if (!r) return null;
    const children: Children = {
      images: r.images.map((i) => ({ ...i, productId: id })),
      services: r.services.map((s) => ({ ...s, productId: id })),
      reservations: r.reservations.map((x) => ({ id: x.id, productId: id, startTs: new Date(x.startTs), endTs: new Date(x.endTs) })),
      blocked: r.blocked.map((x) => ({ productId: id, startTs: new Date(x.startTs), endTs: new Date(x.endTs) })),
      vacation: r.vacation.map((day) => ({ productId: id, day })),
      rating: r.ratingAvg === null ? null : Math.round(Number(r.ratingAvg)) / 2,
    };
    return { row: r, product: this.toProduct(r.product, r.owner.allowVat, children, 1) };
  }

  /** Loads the children of a page of products in one query per table, not one per product. */
  private async assemble(rows: { row: ProductRow; allowVat: boolean }[], total: number, now: Date): Promise<Product[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.row.id);
    const [images, services, reservationRows, vacation, ratings, blocked] = await Promise.all([
      this.db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
      this.db
        .select()
        .from(additionalServices)
        .where(and(inArray(additionalServices.productId, ids), eq(additionalServices.deleted, false)))
        .orderBy(asc(additionalServices.id)),
      this.db
        .select({ id: reservations.id, productId: reservations.productId, startTs: reservations.startTs, endTs: reservations.endTs })
        .from(reservations)
        .where(
          and(inArray(reservations.productId, ids), inArray(reservations.status, [...CALENDAR_STATUSES]), gte(reservations.endTs, now)),
        )
        .orderBy(asc(reservations.startTs)),
      this.db.select().from(productVacationDays).where(inArray(productVacationDays.productId, ids)).orderBy(asc(productVacationDays.day)),
      this.db
        .select({ productId: feedback.productId, avg: sql<string>`avg(${feedback.ratingHalves})` })
        .from(feedback)
        .where(inArray(feedback.productId, ids))
        .groupBy(feedback.productId),
      this.db
        .select({ productId: calendarBlocks.productId, startTs: calendarBlocks.startTs, endTs: calendarBlocks.endTs })
        .from(calendarBlocks)
        .where(and(inArray(calendarBlocks.productId, ids), gt(calendarBlocks.endTs, now)))
        .orderBy(asc(calendarBlocks.startTs)),
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
    const blockedBy = group(blocked);
    const ratingBy = new Map(ratings.map((r) => [r.productId, Math.round(Number(r.avg)) / 2]));

    return rows.map(({ row, allowVat }) =>
      this.toProduct(
        row,
        allowVat,
        {
          images: imagesBy.get(row.id) ?? [],
          services: servicesBy.get(row.id) ?? [],
          reservations: reservationsBy.get(row.id) ?? [],
          blocked: blockedBy.get(row.id) ?? [],
          vacation: vacationBy.get(row.id) ?? [],
          rating: ratingBy.get(row.id) ?? null,
        },
        total,
      ),
    );
  }

  private toProduct(p: ProductRow, allowVat: boolean, c: Children, total: number): Product {
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      images: c.images.map((i) => {
        // A cover copy leads to the image it was made from: the rendition for large displays.
        const large = largeFileNameOf(i.fileName);
        return {
          id: i.id,
          url: `${this.filesPublicPath}/${i.fileName}`,
          title: i.title,
          ...(large ? { largeUrl: `${this.filesPublicPath}/${large}` } : {}),
        };
      }),
      paidLater: p.paidLater,
      startTs: p.startTs,
      endTs: p.endTs,
      rentDays: p.rentDays as Weekday[],
      vacationDays: c.vacation.map((v) => v.day),
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
      rating: c.rating,
      additionalServices: c.services.map((s) => ({
        id: s.id,
        name: s.name,
        cost: centsToEuros(s.costCents),
        additionalInfo: s.additionalInfo,
      })),
      automaticallyApproved: p.automaticallyApproved,
      automaticallyApprovedTxt: p.automaticallyApprovedTxt,
      productCode: p.productCode,
      reservations: c.reservations.map((r) => ({ id: r.id, startTs: r.startTs.toISOString(), endTs: r.endTs.toISOString() })),
      blockedPeriods: c.blocked.map((b) => ({ startTs: b.startTs.toISOString(), endTs: b.endTs.toISOString() })),
      location: p.lat !== null && p.lon !== null ? `${p.lat},${p.lon}` : null,
      lat: p.lat,
      lon: p.lon,
      locationDescription: p.locationDescription,
      loadedCount: total,
    };
  }
}
