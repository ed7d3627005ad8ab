import { useQuery } from '@tanstack/react-query';
import type { Category } from 'shared-kernel/schemas';
import { categoriesQueryOptions } from '../api/get-categories';

// One array for "not loaded yet": a new [] each render would look like a new tree to memos.
const NONE: Category[] = [];

/** The category tree (empty until loaded, or when it cannot be loaded). */
export function useCategories(): Category[] {
  return useQuery(categoriesQueryOptions()).data ?? NONE;
}
