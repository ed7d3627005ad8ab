// The operator's console (issue 31, ADR 0045): what an administrator did, to whom, when and why.
// src/db/schema.ts gathers every part.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

import { contracts, enumValues, ts, users } from './core';
import { payments } from './activity';

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
