import { and, count, desc, eq, sql } from 'drizzle-orm';
import { format, messages } from 'shared-kernel/messages/server';
import { formatEuros } from 'shared-kernel/domain';
import { SAVED_PRODUCTS_MAX, type SavedProduct } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { withTransaction, type Tx } from '../db/transaction';
import { products, savedProducts, users } from '../db/schema';
import { enqueueMail } from './outbox';
import { insertNotifications } from './party-notices';
import { renterDayPriceCents, shownEuros, toSearchItem, type SearchRow } from './search-rows';

// Issue 32: the products a user saved, and the notices of their price drops
// (docs/adr/0048-saved-products-and-price-drop-notices.md).

/** Where a price-drop notice's mail links to: the saver's list, which shows the drop. */
export const SAVED_PRODUCTS_PATH = '/auth/saved-products';

type SavedRow = SearchRow & { deleted: boolean; inactive_reason: string | null; saved_ts: Date | string; saved_price_cents: number | null };

export type SaveOutcome = 'saved' | 'missing' | 'full';

/** A product's day price as a renter pays it now, in cents; null when it has none. */
const renterCents = (netCents: number | null, ownerVatLiable: boolean) =>
  netCents === null ? null : renterDayPriceCents(netCents, ownerVatLiable);

export class SavedProductRepository {
  constructor(
    private readonly db: Db,
    private readonly filesPublicPath: string,
  ) {}

  /**
   * The user's saved products, newest first, each mapped as a search card is (same price, same cover
   * image), so the list and search never disagree on a product's price.
   */
  async list(userId: number): Promise<SavedProduct[]> {
    const rows = await queryRows<SavedRow>(
      this.db,
      sql`select p.id, p.name, p.description, p.lat, p.lon, p.location_description, p.category_id, p.user_id, p.paid_later,
                 p.price_daily_cents, p.created_ts, u.allow_vat, null as distance_km, null as rating_halves,
                 (select i.file_name from product_images i where i.product_id = p.id order by i.sort_order, i.id limit 1) as image,
                 p.deleted, p.inactive_reason, s.saved_ts, s.saved_price_cents
          from saved_products s
          join products p on p.id = s.product_id
          join users u on u.id = p.user_id
          where s.user_id = ${userId}
          order by s.saved_ts desc, p.id desc
          limit ${SAVED_PRODUCTS_MAX}`,
    );
    return rows.map((r) => {
      const card = toSearchItem(r, 1, this.filesPublicPath, 1);
      const available = !r.deleted && r.inactive_reason === null;
      const savedPrice = r.saved_price_cents === null ? null : shownEuros(Number(r.saved_price_cents));
      const displayPrice = available ? card.displayPrice : null;
      return {
        id: card.id,
        title: card.title,
        imageUrl: card.imageUrl,
        displayPrice,
        savedPrice,
        priceDropped: displayPrice !== null && savedPrice !== null && displayPrice < savedPrice,
        available,
        savedTs: new Date(r.saved_ts).toISOString(),
      };
    });
  }

  async ids(userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: savedProducts.productId })
      .from(savedProducts)
      .where(eq(savedProducts.userId, userId))
      .orderBy(desc(savedProducts.savedTs), desc(savedProducts.productId));
    return rows.map((r) => r.id);
  }

  /**
   * Saves a product that is up for rent, with the price the saver sees now. Saving again changes
   * nothing (the first save's price stays the one drops are measured from). The user's row is
   * locked so two saves at once cannot both pass the cap.
   */
  async save(userId: number, productId: number, now: Date): Promise<SaveOutcome> {
    return withTransaction(this.db, async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [product] = await tx
        .select({ netCents: products.priceDailyCents, allowVat: users.allowVat })
        .from(products)
        .innerJoin(users, eq(users.id, products.userId))
        .where(and(eq(products.id, productId), eq(products.deleted, false), sql`${products.inactiveReason} is null`))
        .limit(1);
      const [already] = await tx
        .select({ productId: savedProducts.productId })
        .from(savedProducts)
        .where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)))
        .limit(1);
      if (already) return 'saved';
      if (!product) return 'missing';
      const [{ n }] = await tx.select({ n: count() }).from(savedProducts).where(eq(savedProducts.userId, userId));
      if (Number(n) >= SAVED_PRODUCTS_MAX) return 'full';
      const price = renterCents(product.netCents, product.allowVat);
      await tx.insert(savedProducts).values({ userId, productId, savedTs: now, savedPriceCents: price, lastSeenPriceCents: price });
      return 'saved';
    });
  }

  /** Removing what is not saved is done already. */
  async remove(userId: number, productId: number): Promise<void> {
    await this.db.delete(savedProducts).where(and(eq(savedProducts.userId, userId), eq(savedProducts.productId, productId)));
  }
}

/**
 * After an owner's change of a product, in the change's transaction: each saver (not the owner)
 * whose last known day price is higher, in the whole euros search shows, than the price now gets a
 * notification naming the product and old → new price (with its mail copy), and the new price
 * becomes the one the next drop is measured from. A rise changes nothing, so falling back to the
 * price a saver was told of is not news.
 */
export async function noticeSavedPriceDrops(tx: Tx, productId: number, now: Date): Promise<number> {
  const rows = await tx
    .select({
      userId: savedProducts.userId,
      lastCents: savedProducts.lastSeenPriceCents,
      name: products.name,
      netCents: products.priceDailyCents,
      ownerId: products.userId,
      allowVat: users.allowVat,
      deleted: products.deleted,
      inactiveReason: products.inactiveReason,
    })
    .from(savedProducts)
    .innerJoin(products, eq(products.id, savedProducts.productId))
    .innerJoin(users, eq(users.id, products.userId))
    .where(eq(savedProducts.productId, productId))
    .orderBy(savedProducts.userId);
  const dropped: { userId: number; message: string }[] = [];
  let newCents: number | null = null;
  for (const r of rows) {
    // Nobody can rent it now: a price change is no reason to come back.
    if (r.userId === r.ownerId || r.deleted || r.inactiveReason !== null) continue;
    newCents = renterCents(r.netCents, r.allowVat);
    if (newCents === null) continue;
    if (r.lastCents !== null && shownEuros(newCents) >= shownEuros(r.lastCents)) continue;
    if (r.lastCents !== null) {
      const message = format(messages.notifications.savedProductPriceDrop, {
        product: r.name,
        old: formatEuros(r.lastCents, { whole: true }),
        new: formatEuros(newCents, { whole: true }),
      });
      dropped.push({ userId: r.userId, message });
    }
    // A price appearing where there was none is remembered, not told.
    await tx
      .update(savedProducts)
      .set({ lastSeenPriceCents: newCents })
      .where(and(eq(savedProducts.userId, r.userId), eq(savedProducts.productId, productId)));
  }
  await insertNotifications(
    tx,
    dropped.map((d) => ({
      userId: d.userId,
      type: 'SAVED_PRODUCT_PRICE_DROP' as const,
      message: d.message,
      referenceList: [{ type: 'PRODUCT', referenceId: productId }],
      createdTs: now,
    })),
  );
  for (const d of dropped) {
    await enqueueMail(tx, { kind: 'notification', userId: d.userId, message: d.message, path: SAVED_PRODUCTS_PATH }, now);
  }
  return dropped.length;
}
