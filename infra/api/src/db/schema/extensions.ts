// Rental extensions (issue 31, ADR 0044): the renter's request for a new end, the owner's answer,
// the price of the difference and, once paid, the contract version it made.
import { sql } from 'drizzle-orm';
import { ExtensionStatus, PriceTierName } from 'shared-kernel/schemas';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { cents, contracts, enumValues, reservations, ts, users } from './core';

const extensionStatuses = enumValues(ExtensionStatus.options);
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const contractExtensions = pgTable(
  'contract_extensions',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    renterId: integer('renter_id')
      .notNull()
      .references(() => users.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: extensionStatuses }).notNull(),
    /** The contract's end when asked: the acceptance deadline (spec 1) and where the added period starts. */
    previousEndTs: ts('previous_end_ts').notNull(),
    newEndTs: ts('new_end_ts').notNull(),
    /** The whole new period priced as the booking was (tier, VAT rate and services of the reservation), fixed when asked. */
    newAmountCents: cents('new_amount_cents').notNull(),
    newVatCents: cents('new_vat_cents').notNull(),
    newFeeCents: cents('new_fee_cents').notNull(),
    newTier: text('new_tier', { enum: enumValues(PriceTierName.options) }).notNull(),
    /** The lines above plus the reservation's additional services: what the whole new period costs. */
    newTotalCents: cents('new_total_cents').notNull(),
    /** What the renter pays: the new total minus what was paid, never negative. */
    differenceCents: cents('difference_cents').notNull(),
    /** The platform's part of the difference (the fee's growth); the rest is the owner's rent. */
    feeDifferenceCents: cents('fee_difference_cents').notNull(),
    /** The contract version this extension made (the first contract is version 1); set when PAID. */
    contractVersion: integer('contract_version'),
    requestedTs: ts('requested_ts').notNull(),
    decidedTs: ts('decided_ts'),
    paidTs: ts('paid_ts'),
    lapsedTs: ts('lapsed_ts'),
  },
  (t) => [
    index('contract_extensions_contract_idx').on(t.contractId),
    // One open request per contract: a second one waits until the first is answered or lapses.
    uniqueIndex('contract_extensions_one_open_uq')
      .on(t.contractId)
      .where(sql`${t.status} in ('REQUESTED', 'PENDING_PAYMENT')`),
    check('contract_extensions_status_known', sql`${t.status} in (${sqlList(extensionStatuses)})`),
    check('contract_extensions_later_end', sql`${t.newEndTs} > ${t.previousEndTs}`),
    check('contract_extensions_difference', sql`${t.differenceCents} >= 0 and ${t.feeDifferenceCents} >= 0`),
  ],
);
