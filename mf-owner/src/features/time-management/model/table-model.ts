import { holdsTime } from 'shared-kernel/domain';
import type { OwnerProduct, OwnerReservation } from 'shared-kernel/schemas';
import { productStatus, STATUS_ORDER } from '../../../components/product-status';

export type SortColumn = 'name' | 'category' | 'price' | 'status' | 'next';
export interface SortState {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The earliest reservation still holding time that has not ended yet. */
export function nextReservation(product: Pick<OwnerProduct, 'ownerReservations'>, nowMs: number): OwnerReservation | null {
  const upcoming = product.ownerReservations
    .filter((r) => holdsTime(r.status) && Date.parse(r.endTs) > nowMs)
    .sort((a, b) => Date.parse(a.startTs) - Date.parse(b.startTs));
  return upcoming[0] ?? null;
}

/** The categories of the owner's products, each once, by name. */
export function productCategories(products: readonly OwnerProduct[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const p of products) byId.set(p.categoryId, p.categoryName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'et'));
}

const collator = new Intl.Collator('et');

/** Spec default: inactive first, then rented now, then the rest; by name within each. */
function defaultOrder(a: OwnerProduct, b: OwnerProduct): number {
  return STATUS_ORDER[productStatus(a)] - STATUS_ORDER[productStatus(b)] || collator.compare(a.name, b.name);
}

function compareBy(column: SortColumn, nowMs: number): (a: OwnerProduct, b: OwnerProduct) => number {
  switch (column) {
    case 'name':
      return (a, b) => collator.compare(a.name, b.name);
    case 'category':
      return (a, b) => collator.compare(a.categoryName, b.categoryName);
    case 'price':
      // A product without a daily price sorts as the cheapest.
      return (a, b) => (a.priceDaily ?? -1) - (b.priceDaily ?? -1);
    case 'status':
      return (a, b) => STATUS_ORDER[productStatus(a)] - STATUS_ORDER[productStatus(b)];
    case 'next': {
      const at = (p: OwnerProduct) => {
        const next = nextReservation(p, nowMs);
        return next ? Date.parse(next.startTs) : Number.POSITIVE_INFINITY;
      };
      return (a, b) => {
        const x = at(a);
        const y = at(b);
        return x === y ? 0 : x < y ? -1 : 1;
      };
    }
  }
}

/** The rows in the chosen column's order (ties in the default order), or the default order. */
export function sortProducts(products: readonly OwnerProduct[], sort: SortState | null, nowMs: number): OwnerProduct[] {
  const rows = [...products];
  if (!sort) return rows.sort(defaultOrder);
  const by = compareBy(sort.column, nowMs);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => sign * by(a, b) || defaultOrder(a, b));
}

/** The next sort after a click on `column`: ascending, then descending, then back to the default. */
export function nextSort(current: SortState | null, column: SortColumn): SortState | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, current * size + size), page: current, pages };
}
