// Issue 32: products a renter keeps for later, and the price they last saw (docs/adr/0048-saved-products-and-price-drop-notices.md).
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products, ts, users } from './core';

/**
 * One product a user saved. The prices are what a renter pays for a day (with the owner's VAT, as
 * search shows it) in cents: when it was saved, and when the saver was last told of a drop, so each
 * drop is told once and a rise and fall back is not told at all.
 */
export const savedProducts = pgTable(
  'saved_products',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    savedTs: ts('saved_ts').notNull(),
    savedPriceCents: integer('saved_price_cents'),
    lastSeenPriceCents: integer('last_seen_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('saved_products_product_idx').on(t.productId)],
);
