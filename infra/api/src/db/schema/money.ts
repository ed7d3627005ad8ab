// The data model's money part (issue 26: split from activity.ts): payments, bank-link orders and the
// double-entry ledger. Money is integer cents. src/db/schema.ts gathers every part.
import { sql } from 'drizzle-orm';
import { PaymentDirection, PaymentStatus, PaymentTitleCode } from 'shared-kernel/schemas';
import { index, integer, pgTable, serial, text, uniqueIndex, check } from 'drizzle-orm/pg-core';

import { cents, contracts, enumValues, reservations, ts, users } from './core';
import { contractExtensions } from './extensions';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contractId: integer('contract_id').references(() => contracts.id),
    direction: text('direction', { enum: enumValues(PaymentDirection.options) }).notNull(),
    titleCode: text('title_code', { enum: enumValues(PaymentTitleCode.options) }).notNull(),
    status: text('status', { enum: enumValues(PaymentStatus.options) })
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
    purposeKind: text('purpose_kind', { enum: ['DEPOSIT', 'RESERVATION', 'EXTENSION'] }).notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    /** An EXTENSION order's extension (issue 31). */
    extensionId: integer('extension_id').references(() => contractExtensions.id),
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
