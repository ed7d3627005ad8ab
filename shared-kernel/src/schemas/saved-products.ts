import { z } from 'shared-kernel/zod';
import { Euros } from './money';

/**
 * Issue 32: products a signed-in user saved (a heart on cards and the product page), listed under
 * their own menu entry. docs/adr/0048-saved-products-and-price-drop-notices.md.
 */

/** How many products one user may keep saved. */
export const SAVED_PRODUCTS_MAX = 500;

export const SavedProductParams = z.object({ productId: z.coerce.number().int().positive().max(2147483647) });
export type SavedProductParams = z.infer<typeof SavedProductParams>;

/**
 * A saved product as the list shows it. Prices are what a renter pays for a day in whole euros, as
 * search cards show them (null when the product has no day price); `savedPrice` is the one of the
 * day it was saved. A product its owner removed from rent stays listed as unavailable, without a
 * price, so the saver sees why it went and can remove it.
 */
export const SavedProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  displayPrice: Euros.int().nullable(),
  savedPrice: Euros.int().nullable(),
  /** The day price is lower now than when it was saved. */
  priceDropped: z.boolean(),
  available: z.boolean(),
  savedTs: z.string(),
});
export type SavedProduct = z.infer<typeof SavedProduct>;

/** Newest saved first. */
export const SavedProductList = z.array(SavedProduct);
export type SavedProductList = z.infer<typeof SavedProductList>;

/** The ids of every product the user saved: what the hearts of a page of cards read. */
export const SavedProductIds = z.array(z.number().int());
export type SavedProductIds = z.infer<typeof SavedProductIds>;
