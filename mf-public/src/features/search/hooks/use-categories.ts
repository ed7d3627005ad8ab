import { useEffect, useState } from 'react';
import type { Category } from 'shared-kernel/schemas';
import { getCategories } from '../api/get-categories';

let cache: Promise<Category[]> | null = null;

/** The category tree, fetched once per page load. */
export function useCategories(): Category[] {
  const [list, setList] = useState<Category[]>([]);
  useEffect(() => {
    let alive = true;
    cache ??= getCategories().catch((err) => {
      cache = null;
      throw err;
    });
    cache.then((c) => alive && setList(c)).catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return list;
}
