// The operator's console (issue 31, ADR 0045): what an administrator did, to whom, when and why.
// src/db/schema.ts gathers every part.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { contracts, enumValues, ts, users } from './core';
import { payments } from './money';

/** Every kind of operator action the audit log records. */
export const operatorActions = enumValues([
  'USER_SUSPENDED',
  'USER_REINSTATED',
  'PAYOUTS_EXPORTED',
  'PAYOUT_PAID',
  'DISPUTE_DECIDED',
] as const);

/**
 * Append-only: the console never edits or deletes a row. `details` holds what the action moved
 * (amounts, the declined requests, an export's message id) so the log explains itself.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: operatorActions }).notNull(),
    targetUserId: integer('target_user_id').references(() => users.id),
    contractId: integer('contract_id').references(() => contracts.id),
    paymentId: integer('payment_id').references(() => payments.id),
    reason: text('reason'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [index('operator_audit_log_created_idx').on(t.createdTs), index('operator_audit_log_target_idx').on(t.targetUserId)],
);

/** What a dispute is about: the renter's 'item was broken', or the owner's problem report of the terms' three kinds. */
export const disputeKinds = enumValues(['BROKEN', 'DEFECTS_NOT_REPORTED', 'THIRD_PARTY', 'NOT_RETURNED'] as const);

/**
 * A contract in APPEALED waits for an operator here (issue 31, ADR 0045): who opened it, why, and
 * once decided, the decision's amounts. One open dispute per contract, held by the database.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: disputeKinds }).notNull(),
    comment: text('comment').notNull(),
    /** The contract's status before APPEALED (ACCEPTED or CAPTURED). */
    previousStatus: text('previous_status').notNull(),
    status: text('status', { enum: ['OPEN', 'DECIDED'] })
      .notNull()
      .default('OPEN'),
    decision: jsonb('decision').$type<Record<string, unknown>>(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedTs: ts('decided_ts'),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [
    uniqueIndex('disputes_one_open_per_contract_uq')
      .on(t.contractId)
      .where(sql`${t.status} = 'OPEN'`),
    index('disputes_status_idx').on(t.status, t.createdTs),
  ],
);
