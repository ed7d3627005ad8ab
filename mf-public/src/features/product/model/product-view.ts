import { catalogPriceCents, GO_KART, GO_KART_PRODUCT_ID, tallinnDateOf, toCents } from 'shared-kernel/domain';
import type { Comment, Product, ProductImage } from 'shared-kernel/schemas';

/**
 * The seed drops the first image of products created after "a cutoff in February 2023" that
 * have more than one image; the exact instant is not given, so we take the start of February 2023 (UTC).
 */
export const GALLERY_CUTOFF = new Date('2023-02-01T00:00:00Z');

/**
 * A product's page status: 410 once it is deleted or taken off rent (search's rule), else 200.
 * The server answers with it and the browser's page sends a 410 product to the deleted view.
 */
export const productStatus = (product: Pick<Product, 'deleted' | 'inactiveReason'>): 200 | 410 =>
  product.deleted || product.inactiveReason !== null ? 410 : 200;

/** The gallery's `sizes`: 3/5 of a wide page, else the whole width. The server's preload of its first image says the same. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1024px) 60vw, 100vw';

export function galleryImages(product: Pick<Product, 'images' | 'createdTs'>): ProductImage[] {
  const created = new Date(product.createdTs);
  return created > GALLERY_CUTOFF && product.images.length > 1 ? product.images.slice(1) : product.images;
}

export type PriceRowKey = 'priceHour' | 'priceDaily' | 'threeDay' | 'aweek' | 'twoWeek' | 'month' | 'weekendDay' | 'goKartSlot';

export interface PriceRow {
  key: PriceRowKey;
  priceCents: number;
}

const TIER_KEYS = ['priceHour', 'priceDaily', 'threeDay', 'aweek', 'twoWeek', 'month', 'weekendDay'] as const;

/**
 * Tier prices as renters see them: with today's VAT when the owner is VAT-liable, as a booking
 * made today charges (ADR 0012). The go-kart is sold by the 20-minute slot per rider at the spec's fixed price, so its
 * stored day price (which would read 'Päev 24 €') is not shown.
 */
export function priceRows(
  product: Pick<Product, (typeof TIER_KEYS)[number] | 'allowVat' | 'id'>,
  isoDate: string = tallinnDateOf(),
): PriceRow[] {
  if (product.id === GO_KART_PRODUCT_ID) return [{ key: 'goKartSlot', priceCents: GO_KART.slotPriceCents }];
  return TIER_KEYS.map((key) => ({ key, value: product[key] }))
    .filter((r): r is { key: (typeof TIER_KEYS)[number]; value: number } => typeof r.value === 'number' && r.value > 0)
    .map((r) => ({ key: r.key, priceCents: catalogPriceCents(toCents(r.value), product.allowVat, isoDate) }));
}

/** Spec: a small random offset is applied to the displayed latitude (about ±400 m). */
export function approximateLatitude(lat: number, random: () => number = Math.random): number {
  return lat + (random() - 0.5) * 0.008;
}

/** Share, search and feedback buttons: signed-in users only, never on the go-kart product. */
export function showsMemberButtons(signedIn: boolean, productId: number): boolean {
  return signedIn && productId !== GO_KART_PRODUCT_ID;
}

export function ownQuestionCount(comments: Comment[], userId: number | null | undefined): number {
  return userId == null ? 0 : comments.filter((c) => c.parentId === null && c.userId === userId).length;
}

/** 4.5 → [full, full, full, full, half]. */
export function starFills(rating: number): ('full' | 'half' | 'empty')[] {
  const rounded = Math.round(rating * 2) / 2;
  return [1, 2, 3, 4, 5].map((i) => (rounded >= i ? 'full' : rounded >= i - 0.5 ? 'half' : 'empty'));
}
