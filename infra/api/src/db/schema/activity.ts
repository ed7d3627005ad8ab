// The data model's activity part (issue 26: split from the one schema file): ratings, problem reports,
// questions, messages, notifications, go-kart slots and contact messages. src/db/schema.ts gathers every part.
import { sql } from 'drizzle-orm';
import { NotificationType, ProblemReportStatus } from 'shared-kernel/schemas';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { contracts, enumValues, products, reservations, ts, users } from './core';

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    contractId: integer('contract_id').references(() => contracts.id),
    /** 1..5 in half steps, stored doubled (2..10) so it stays an integer. */
    ratingHalves: smallint('rating_halves').notNull(),
    comment: text('comment').notNull().default(''),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('feedback_product_idx').on(t.productId), check('feedback_rating_range', sql`${t.ratingHalves} between 2 and 10`)],
);

export const problemReports = pgTable(
  'problem_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    contractId: integer('contract_id').references(() => contracts.id),
    comment: text('comment').notNull(),
    status: text('status', { enum: enumValues(ProblemReportStatus.options) })
      .notNull()
      .default('OPEN'),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('problem_reports_product_idx').on(t.productId)],
);

/** Questions on a product; an answer is a child with parentId set. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    comment: text('comment').notNull(),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('comments_product_idx').on(t.productId), index('comments_parent_idx').on(t.parentId)],
);

export const messageThreads = pgTable(
  'message_threads',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id),
    seenBySender: boolean('seen_by_sender').notNull().default(true),
    seenByReceiver: boolean('seen_by_receiver').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    // One thread per pair of users, whichever of them wrote first.
    uniqueIndex('message_threads_pair_uq').on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`),
    check('message_threads_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdTs)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: enumValues(NotificationType.options) }).notNull(),
    message: text('message').notNull(),
    referenceList: jsonb('reference_list')
      .$type<{ type: string; referenceId: number | string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    read: boolean('read').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.read)],
);

/** Rääsilla go-kart: 20-minute slots, up to 10 riders per slot across all bookings. */
export const gokartSlotBookings = pgTable(
  'gokart_slot_bookings',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    day: date('day', { mode: 'string' }).notNull(),
    slotStartTs: ts('slot_start_ts').notNull(),
    riders: smallint('riders').notNull(),
    riderNames: text('rider_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [
    index('gokart_slot_bookings_slot_idx').on(t.productId, t.slotStartTs),
    check('gokart_slot_bookings_riders', sql`${t.riders} between 1 and 10`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name'),
  email: text('email').notNull(),
  content: text('content').notNull(),
  createdTs: ts('created_ts').notNull().defaultNow(),
});
