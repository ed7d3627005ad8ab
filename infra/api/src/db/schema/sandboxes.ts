// Tables of the sandbox stand-ins that several API replicas must share (issue 29).
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './core';

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
