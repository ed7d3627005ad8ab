// The whole data model of both spec documents. Money is integer cents (bigint where sums can
// grow, integer for per-item prices); timestamps are timestamptz; the daily HH:mm window of a
// product is text because it is a wall-clock time in Europe/Tallinn, not an instant.
// The data model's activity part (money, messages, notices, sessions, platform records; split from
// the one schema file, issue 26). src/db/schema.ts gathers every part.
import { sql } from 'drizzle-orm';
import { NotificationType } from 'shared-kernel/schemas';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { cents, contracts, enumValues, products, reservations, ts, users } from './core';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contractId: integer('contract_id').references(() => contracts.id),
    direction: text('direction', { enum: ['IN', 'OUT'] }).notNull(),
    titleCode: text('title_code', {
      enum: ['INPAYMENT_FOR_RENT', 'OUTPAYMENT_FOR_RENT', 'INREFUND', 'OUTREFUND', 'INPAYMENT', 'OUTPAYMENT'],
    }).notNull(),
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    amountCents: cents('amount_cents').notNull(),
    provider: text('provider'),
    /** The provider's order reference; unique so a retried webhook cannot credit twice. */
    providerRef: text('provider_ref'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    completedTs: ts('completed_ts'),
    /** A withdrawal's last SEPA export (its pain.001 MsgId, migration 0017); null until exported. */
    payoutMsgId: text('payout_msg_id'),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdTs),
    index('payments_contract_idx').on(t.contractId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A bank-link order (issue 12): what the payer was asked to pay through the provider, for which
 * purpose, and its outcome. The webhook locks this row, so an outcome is applied exactly once.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    /** Our reference in the provider's order; random, so it cannot be guessed from another one. */
    merchantReference: text('merchant_reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    purposeKind: text('purpose_kind', { enum: ['DEPOSIT', 'RESERVATION'] }).notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    reservationHash: text('reservation_hash'),
    provider: text('provider').notNull(),
    bank: text('bank').notNull(),
    locale: text('locale').notNull().default('et'),
    /** Site path the browser returns to (the API adds `payment_result`). */
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: ['PENDING', 'PAID', 'FAILED', 'CANCELLED', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
    /** The deposit of a PAID order into the payer's wallet. */
    paymentId: integer('payment_id').references(() => payments.id),
    createdTs: ts('created_ts').notNull().defaultNow(),
    expiresTs: ts('expires_ts').notNull(),
    settledTs: ts('settled_ts'),
  },
  (t) => [
    uniqueIndex('payment_orders_reference_uq').on(t.merchantReference),
    index('payment_orders_pending_idx').on(t.status, t.expiresTs),
    index('payment_orders_user_idx').on(t.userId),
    check('payment_orders_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** One business event; its entries sum to zero (double entry). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Makes a repeated event (webhook retry, double click) a no-op. */
    idempotencyKey: text('idempotency_key').notNull(),
    contractId: integer('contract_id').references(() => contracts.id),
    paymentId: integer('payment_id').references(() => payments.id),
    memo: text('memo'),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transactions_idem_uq').on(t.idempotencyKey), index('ledger_transactions_contract_idx').on(t.contractId)],
);

/**
 * Accounts are named: `user:<id>:wallet`, `user:<id>:pending`, `platform:fees`, `bank:payouts`,
 * `bank:clearing`. A user's balance is the sum of the wallet account, never stored.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    userId: integer('user_id').references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_tx_idx').on(t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

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
    status: text('status', { enum: ['OPEN', 'SOLVED'] })
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

/** The id is the SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdTs: ts('created_ts').notNull(),
    lastSeenTs: ts('last_seen_ts').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenTs)],
);

/** Same idea: the link carries the token, the table only its SHA-256. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdTs: ts('created_ts').notNull(),
    expiresTs: ts('expires_ts').notNull(),
    usedTs: ts('used_ts'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['mobile', 'smartid'] }).notNull(),
    phoneNumber: text('phone_number'),
    personalCode: text('personal_code').notNull(),
    controlCode: text('control_code').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: ['waiting', 'ok', 'error', 'canceled'] })
      .notNull()
      .default('waiting'),
    providerResult: text('provider_result'),
    message: text('message'),
    createdTs: ts('created_ts').notNull(),
    completedTs: ts('completed_ts'),
  },
  (t) => [uniqueIndex('identity_verifications_token_uq').on(t.token)],
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

/** The mail outbox: the sandbox mail sender writes here and a person reads it in the browser. */
/** Abuse-limit counters (issue 15): fixed windows per key, shared by every API instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdTs)],
);

/**
 * The Smart-ID / Mobile-ID sandbox's running sessions (issue 14). The real services keep their
 * sessions themselves; the stand-in keeps them here instead of in one process's memory, so a
 * verification started on one API replica can be polled on another.
 */
export const identitySandboxSessions = pgTable(
  'identity_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    method: text('method', { enum: ['mobile', 'smartid'] }).notNull(),
    result: text('result').notNull(),
    personalCode: text('personal_code').notNull(),
    startedTs: ts('started_ts').notNull(),
  },
  (t) => [index('identity_sandbox_sessions_started_idx').on(t.startedTs)],
);

/** What browsers said about loading and mounting the remotes (issue 14): one row per report. */
export const remoteLoadReports = pgTable(
  'remote_load_reports',
  {
    id: serial('id').primaryKey(),
    receivedTs: ts('received_ts').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    outcome: text('outcome', { enum: ['ok', 'load', 'mount', 'timeout'] }).notNull(),
    servedVersion: text('served_version'),
    durationMs: integer('duration_ms').notNull(),
    message: text('message').notNull(),
    path: text('path').notNull(),
    release: text('release').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('remote_load_reports_received_idx').on(t.receivedTs),
    index('remote_load_reports_remote_idx').on(t.remote, t.version, t.receivedTs),
  ],
);

/** The job queue (ADR 0029, migration 0014): claimed with FOR UPDATE SKIP LOCKED under a lease. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: ts('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: ts('locked_until'),
    doneTs: ts('done_ts'),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [
    uniqueIndex('jobs_name_key_uq').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneTs} is null`),
  ],
);
