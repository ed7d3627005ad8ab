import { useQuery } from '@tanstack/react-query';
import type { Product } from 'shared-kernel/schemas';
import { productsPageQueryOptions } from '../api/get-products-page';

const NONE: Product[] = [];

/**
 * One page of products. Errors and empty pages both end as an empty list: the front page
 * ignores empty loads silently (spec section 8). `enabled` lets a section wait until it is near view.
 */
export function useProductsPage(page: number, perPage: number, enabled = true): { status: 'loading' | 'done'; products: Product[] } {
  const { data, isPending, isError } = useQuery({ ...productsPageQueryOptions(page, perPage), enabled });
  if (isError) return { status: 'done', products: NONE };
  return isPending ? { status: 'loading', products: NONE } : { status: 'done', products: data };
}
