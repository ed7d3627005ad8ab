import { format } from 'shared-kernel/messages';
import { formatEuros, headlinePrice, headlinePriceText, ownerPriceCents, toCents } from 'shared-kernel/domain';
import type { OwnerProduct } from 'shared-kernel/schemas';
import { ownerTexts } from '../messages/et';

export type ProductStatus = 'inactive' | 'rentedNow' | 'active';

/** Removed (deleted or with a reason) beats rented now: an inactive product is shown as such first. */
export function productStatus(product: Pick<OwnerProduct, 'active' | 'rentedNow'>): ProductStatus {
  if (!product.active) return 'inactive';
  return product.rentedNow ? 'rentedNow' : 'active';
}

/** The status as words, with the removal reason for an inactive product. */
export function productStatusLabel(product: Pick<OwnerProduct, 'active' | 'rentedNow' | 'inactiveReason'>): string {
  const t = ownerTexts.productStatus;
  const status = productStatus(product);
  if (status === 'inactive') return product.inactiveReason ? format(t.inactiveWithReason, { reason: product.inactiveReason }) : t.inactive;
  return t[status];
}

/** Spec: inactive rows first, then those rented now, then the rest. */
export const STATUS_ORDER: Readonly<Record<ProductStatus, number>> = { inactive: 0, rentedNow: 1, active: 2 };

export const STATUS_PALETTE: Readonly<Record<ProductStatus, string>> = { inactive: 'red', rentedNow: 'green', active: 'gray' };

/**
 * An owner's stored net price in cents as the owner sees and types it: the kernel's one conversion
 * for an owner (`ownerPriceCents`: with VAT when VAT-liable, never the platform fee); null when none.
 */
export function ownerPrice(netEuros: number | null, allowVat: boolean): number | null {
  return netEuros === null ? null : ownerPriceCents(toCents(netEuros), allowVat);
}

export function formatOwnerPrice(netEuros: number | null, allowVat: boolean): string {
  const cents = ownerPrice(netEuros, allowVat);
  return cents === null ? '–' : formatEuros(cents);
}

/**
 * The product's headline price as its owner sees it (kernel `headlinePrice`): '124,00 €' in the
 * day-price column or '124,00 € / päev' on a card; the go-kart track's fixed 20 € a ride, not its
 * stored day price with VAT on top. Null without a price.
 */
export function ownerHeadlineText(
  product: Pick<OwnerProduct, 'id' | 'priceDaily' | 'allowVat'>,
  { withUnit }: { withUnit: boolean },
): string | null {
  const price = headlinePrice(product, 'owner');
  if (!price) return null;
  return price.per === 'day' && !withUnit ? formatEuros(price.cents) : headlinePriceText(price);
}

/** The public product page of a product (what a non-owner may see). */
export const publicDetailUrl = (id: number) => `/public/detail-view/${id}`;
export const ownerDetailUrl = (id: number) => `/auth/detail-view/${id}`;
export const editProductUrl = (id: number) => `/auth/edit-product/${id}`;
