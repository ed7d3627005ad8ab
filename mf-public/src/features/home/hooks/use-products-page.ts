import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/** True once the element is within one screen of the viewport (or at once without IntersectionObserver). */
export function useNearView<T extends Element>(ref: { current: T | null }): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}
