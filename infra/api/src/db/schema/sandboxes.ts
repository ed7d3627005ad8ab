// Tables of the sandbox stand-ins that several API replicas must share (issue 29).
import { boolean, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { IdentityMethod } from 'shared-kernel/schemas';
import { enumValues, ts } from './core';

/**
 * The sandbox bank's orders: in the database, not in one replica's memory, so the bank page works
 * on whichever replica the browser reaches and an order is decided once.
 */
export const sandboxBankOrders = pgTable(
  'sandbox_bank_orders',
  {
    id: text('id').primaryKey(),
    order: jsonb('order').notNull(),
    decided: boolean('decided').notNull().default(false),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [index('sandbox_bank_orders_created_idx').on(t.createdTs)],
);

/** The mail outbox: the sandbox mail sender writes here and a person reads it in the browser. */
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
    method: text('method', { enum: enumValues(IdentityMethod.options) }).notNull(),
    result: text('result').notNull(),
    personalCode: text('personal_code').notNull(),
    startedTs: ts('started_ts').notNull(),
  },
  (t) => [index('identity_sandbox_sessions_started_idx').on(t.startedTs)],
);
