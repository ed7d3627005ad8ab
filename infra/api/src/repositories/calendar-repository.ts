import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import {
  CALENDAR_BLOCKS_LISTED,
  calendarHost,
  type CalendarFeedError,
  type CalendarFeedWarning,
  type FailingCalendar,
} from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { calendarBlockOverlaps } from './period-overlaps';
import { calendarBlocks, calendarImports, calendarLinks, products, reservations, users } from '../db/schema';
import { withTransaction, type Tx } from '../db/transaction';
import { enqueueJob, type EnqueueInput } from './job-repository';

/** Whose link: one product's, or (null) all the owner's products'. */
export interface LinkScope {
  ownerId: number;
  productId: number | null;
}

/** A holding reservation as the exported calendar shows it: nothing personal beyond a first name. */
export interface CalendarReservation {
  id: number;
  productName: string;
  status: string;
  startTs: Date;
  endTs: Date;
  updatedTs: Date;
  firstName: string;
}

export type CalendarImportRow = typeof calendarImports.$inferSelect;
/** A followed calendar with the periods it holds from now on: how many, and the first few (ISO instants). */
export type ImportWithBlocks = CalendarImportRow & { blockedCount: number; upcoming: { startTs: string; endTs: string }[] };

export interface BlockedPeriod {
  start: Date;
  end: Date;
}

const scopeWhere = (scope: LinkScope) =>
  and(
    eq(calendarLinks.ownerId, scope.ownerId),
    scope.productId === null ? isNull(calendarLinks.productId) : eq(calendarLinks.productId, scope.productId),
  );

/** The first word of a name: the export names a renter by first name only. */
function firstWord(name: string | null): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/**
 * Whether an imported calendar holds any of [start, end) of the product. Read in the booking's
 * transaction after the product's row lock, which a refresh takes too before it replaces blocks.
 */
export async function blockedDuring(tx: Tx, productId: number, start: Date, end: Date): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(
    tx,
    sql`select ${calendarBlockOverlaps(sql`${productId}::int`, start.getTime(), end.getTime())} as blocked`,
  );
  return row.blocked;
}

/** The warning of a followed calendar whose blocks in force stop short of it (TOO_MANY_EVENTS), or null. */
export function feedWarning(row: Pick<CalendarImportRow, 'honouredUntil'>): CalendarFeedWarning | null {
  return row.honouredUntil ? { code: 'TOO_MANY_EVENTS', honouredUntil: row.honouredUntil.toISOString() } : null;
}

/**
 * The products' outside calendars whose last refresh failed or whose blocks stop short of them,
 * by product, in the order they were added (the owner's list warns).
 */
export async function failingCalendars(db: Db, ids: readonly number[]): Promise<Map<number, FailingCalendar[]>> {
  const rows = await db
    .select({
      productId: calendarImports.productId,
      url: calendarImports.url,
      error: calendarImports.lastError,
      honouredUntil: calendarImports.honouredUntil,
    })
    .from(calendarImports)
    .where(
      and(inArray(calendarImports.productId, [...ids]), or(isNotNull(calendarImports.lastError), isNotNull(calendarImports.honouredUntil))),
    )
    .orderBy(asc(calendarImports.id));
  const byProduct = new Map<number, FailingCalendar[]>();
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ host: calendarHost(r.url), error: (r.error as CalendarFeedError | null) ?? null, warning: feedWarning(r) });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

/**
 * A read that started at `started` answers an owner's ask made at or before it: the calendar is no
 * longer pending. An ask made while the read ran waits for its own job.
 */
const answeredAsk = (started: Date) =>
  sql<Date | null>`case when ${calendarImports.readAskedTs} <= ${started.toISOString()}::timestamptz then null else ${calendarImports.readAskedTs} end`;

/** Private calendar links, followed outside calendars and their blocked periods (issue 32). */
export class CalendarRepository {
  constructor(private readonly db: Db) {}

  /** The product when `ownerId` owns it and it is not removed. */
  async ownedProduct(ownerId: number, productId: number): Promise<{ id: number; name: string } | null> {
    const [row] = await this.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.userId, ownerId), eq(products.deleted, false)))
      .limit(1);
    return row ?? null;
  }

  async link(scope: LinkScope): Promise<{ createdTs: Date } | null> {
    const [row] = await this.db.select({ createdTs: calendarLinks.createdTs }).from(calendarLinks).where(scopeWhere(scope)).limit(1);
    return row ?? null;
  }

  /** A new token for the scope; the old one (if any) stops working in the same transaction. */
  async replaceLink(scope: LinkScope, tokenHash: string, now: Date): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      await tx.delete(calendarLinks).where(scopeWhere(scope));
      await tx.insert(calendarLinks).values({ ownerId: scope.ownerId, productId: scope.productId, tokenHash, createdTs: now });
    });
  }

  async revokeLink(scope: LinkScope): Promise<void> {
    await this.db.delete(calendarLinks).where(scopeWhere(scope));
  }

  async linkByTokenHash(tokenHash: string): Promise<LinkScope | null> {
    const [row] = await this.db
      .select({ ownerId: calendarLinks.ownerId, productId: calendarLinks.productId })
      .from(calendarLinks)
      .where(eq(calendarLinks.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /** The scope's holding reservations that end after `since`, oldest first. */
  async holdingReservations(scope: LinkScope, since: Date): Promise<CalendarReservation[]> {
    const rows = await this.db
      .select({
        id: reservations.id,
        productName: products.name,
        status: reservations.status,
        kind: reservations.kind,
        startTs: reservations.startTs,
        endTs: reservations.endTs,
        updatedTs: reservations.updatedTs,
        userName: users.name,
        personName: reservations.personName,
      })
      .from(reservations)
      .innerJoin(products, eq(products.id, reservations.productId))
      .leftJoin(users, eq(users.id, reservations.userId))
      .where(
        and(
          eq(products.userId, scope.ownerId),
          eq(products.deleted, false),
          scope.productId === null ? undefined : eq(reservations.productId, scope.productId),
          inArray(reservations.status, [...HOLDING_RESERVATION_STATUSES]),
          gte(reservations.endTs, since),
        ),
      )
      .orderBy(asc(reservations.startTs), asc(reservations.id));
    return rows.map((r) => ({
      id: r.id,
      productName: r.productName,
      status: r.status,
      startTs: r.startTs,
      endTs: r.endTs,
      updatedTs: r.updatedTs,
      // A manual rent names the person the owner typed in; a booking its renter's account.
      firstName: firstWord(r.kind === 'MANUAL' || r.userName === null ? r.personName : r.userName),
    }));
  }

  async imports(productId: number, now: Date): Promise<ImportWithBlocks[]> {
    const rows = await this.db
      .select({
        row: calendarImports,
        blockedCount: sql<number>`(select count(*)::int from ${calendarBlocks} b where b.import_id = "calendar_imports"."id" and b.end_ts > ${now.toISOString()}::timestamptz)`,
      })
      .from(calendarImports)
      .where(eq(calendarImports.productId, productId))
      .orderBy(asc(calendarImports.id));
    // The first few coming periods of each calendar, so the owner sees which dates it holds.
    const coming = await queryRows<{ import_id: number; start_ts: Date | string; end_ts: Date | string }>(
      this.db,
      sql`select import_id, start_ts, end_ts from (
            select b.import_id, b.start_ts, b.end_ts, row_number() over (partition by b.import_id order by b.start_ts, b.id) as n
            from calendar_blocks b where b.product_id = ${productId}::int and b.end_ts > ${now.toISOString()}::timestamptz
          ) x where n <= ${CALENDAR_BLOCKS_LISTED} order by import_id, start_ts`,
    );
    return rows.map((r) => ({
      ...r.row,
      blockedCount: Number(r.blockedCount),
      upcoming: coming
        .filter((b) => b.import_id === r.row.id)
        .map((b) => ({ startTs: new Date(b.start_ts).toISOString(), endTs: new Date(b.end_ts).toISOString() })),
    }));
  }

  async importCount(productId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(calendarImports).where(eq(calendarImports.productId, productId));
    return Number(row?.n ?? 0);
  }

  /**
   * Adds a followed calendar, asked to be read: `read` is queued in the same transaction, so a
   * calendar is never left pending without its job. Null when the product follows that address already.
   */
  async addImport(
    productId: number,
    url: string,
    now: Date,
    read: (row: CalendarImportRow) => EnqueueInput,
  ): Promise<CalendarImportRow | null> {
    return withTransaction(this.db, async (tx) => {
      const [row] = await tx
        .insert(calendarImports)
        .values({ productId, url, createdTs: now, readAskedTs: now })
        .onConflictDoNothing()
        .returning();
      if (row) await enqueueJob(tx, read(row));
      return row ?? null;
    });
  }

  /**
   * Asks for a read of a followed calendar: marks it pending and queues `read`, unless a read asked
   * after `waitingSince` still waits (the owner pressing "read again" twice queues one).
   */
  async askRead(importId: number, now: Date, waitingSince: Date, read: EnqueueInput): Promise<void> {
    await withTransaction(this.db, async (tx) => {
      const marked = await tx
        .update(calendarImports)
        .set({ readAskedTs: now })
        .where(
          and(eq(calendarImports.id, importId), or(isNull(calendarImports.readAskedTs), lte(calendarImports.readAskedTs, waitingSince))),
        )
        .returning({ id: calendarImports.id });
      if (marked.length > 0) await enqueueJob(tx, read);
    });
  }

  async findImport(productId: number, importId: number): Promise<CalendarImportRow | null> {
    const [row] = await this.db
      .select()
      .from(calendarImports)
      .where(and(eq(calendarImports.id, importId), eq(calendarImports.productId, productId)))
      .limit(1);
    return row ?? null;
  }

  /** Removing a calendar frees what it held (its blocks go with it). */
  async removeImport(productId: number, importId: number): Promise<boolean> {
    const removed = await this.db
      .delete(calendarImports)
      .where(and(eq(calendarImports.id, importId), eq(calendarImports.productId, productId)))
      .returning({ id: calendarImports.id });
    return removed.length > 0;
  }

  /** Every followed calendar of a product that is not removed, for the periodic refresh. */
  async allImports(): Promise<CalendarImportRow[]> {
    return this.db
      .select({ row: calendarImports })
      .from(calendarImports)
      .innerJoin(products, eq(products.id, calendarImports.productId))
      .where(eq(products.deleted, false))
      .orderBy(asc(calendarImports.id))
      .then((rows) => rows.map((r) => r.row));
  }

  /** A failed refresh (started at `now`) is recorded; the blocks of the last good one stay. */
  async recordFailure(importId: number, error: CalendarFeedError, now: Date): Promise<void> {
    await this.db
      .update(calendarImports)
      .set({ lastAttemptTs: now, lastError: error, readAskedTs: answeredAsk(now) })
      .where(eq(calendarImports.id, importId));
  }

  /**
   * A good refresh replaces the calendar's blocks under the product's row lock, the lock a booking
   * takes before it checks them, so a booking sees either the old blocks or the new, never neither.
   * `honouredUntil`: the calendar held more than was kept, nothing from that instant on (else null).
   */
  async replaceBlocks(
    importId: number,
    productId: number,
    read: { periods: readonly BlockedPeriod[]; honouredUntil: Date | null },
    now: Date,
  ): Promise<void> {
    const { periods, honouredUntil } = read;
    await withTransaction(this.db, async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('no key update');
      await tx.delete(calendarBlocks).where(eq(calendarBlocks.importId, importId));
      if (periods.length > 0) {
        await tx.insert(calendarBlocks).values(periods.map((p) => ({ importId, productId, startTs: p.start, endTs: p.end })));
      }
      await tx
        .update(calendarImports)
        .set({ lastAttemptTs: now, lastSuccessTs: now, lastError: null, honouredUntil, readAskedTs: answeredAsk(now) })
        .where(eq(calendarImports.id, importId));
    });
  }

  /** The blocked periods of products that end after `now`, as windows the booking calendar shows taken. */
  async blockedWindows(productIds: readonly number[], now: Date): Promise<{ id: number; productId: number; startTs: Date; endTs: Date }[]> {
    if (productIds.length === 0) return [];
    return this.db
      .select({ id: calendarBlocks.id, productId: calendarBlocks.productId, startTs: calendarBlocks.startTs, endTs: calendarBlocks.endTs })
      .from(calendarBlocks)
      .where(and(inArray(calendarBlocks.productId, [...productIds]), gt(calendarBlocks.endTs, now)))
      .orderBy(asc(calendarBlocks.startTs));
  }
}
