// Issue 32: owners' calendars in and out (docs/adr/0046-calendar-export-and-import.md).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, ts, users } from './core';

/**
 * A private calendar URL of an owner: one product's or (product_id null) all their products'. Only
 * the token's SHA-256 is kept, so the table cannot give a URL away; rotating replaces the row.
 */
export const calendarLinks = pgTable(
  'calendar_links',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [
    uniqueIndex('calendar_links_token_uq').on(t.tokenHash),
    uniqueIndex('calendar_links_product_uq')
      .on(t.ownerId, t.productId)
      .where(sql`${t.productId} is not null`),
    uniqueIndex('calendar_links_all_uq')
      .on(t.ownerId)
      .where(sql`${t.productId} is null`),
  ],
);

/** An outside calendar an owner follows for one product, with how its last refresh went. */
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdTs: ts('created_ts').notNull(),
    lastAttemptTs: ts('last_attempt_ts'),
    lastSuccessTs: ts('last_success_ts'),
    /** Why the last refresh failed (a CalendarFeedError code); null after a good one. */
    lastError: text('last_error'),
    /**
     * Set by a good refresh of a calendar with more coming events than are kept (TOO_MANY_EVENTS):
     * its events from this instant on block nothing. Describes the blocks in force, so a failed
     * refresh leaves it. Migration 0024.
     */
    honouredUntil: ts('honoured_until'),
    /**
     * The owner asked for a read (adding the calendar, "read again") at this time, queued on the job
     * queue; cleared by the first read that started at or after it. Set: the calendar is being
     * read. Migration 0025.
     */
    readAskedTs: ts('read_asked_ts'),
  },
  (t) => [uniqueIndex('calendar_imports_product_url_uq').on(t.productId, t.url)],
);

/** A period an imported calendar holds; replaced as a whole by each good refresh of its feed. */
export const calendarBlocks = pgTable(
  'calendar_blocks',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => calendarImports.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    startTs: ts('start_ts').notNull(),
    endTs: ts('end_ts').notNull(),
  },
  (t) => [index('calendar_blocks_product_idx').on(t.productId, t.endTs), index('calendar_blocks_import_idx').on(t.importId)],
);
