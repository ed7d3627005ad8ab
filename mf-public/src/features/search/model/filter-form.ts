import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { SearchSort, type Category } from 'shared-kernel/schemas';
import type { SearchFilters } from './search-filters';

const id = z.number().int().positive().nullable();
const coordinate = z.number().nullable();

/**
 * The filter panel's fields (the search state the URL holds). Spec 2.6: once a category with
 * subcategories is chosen, its subcategory is required ('Kohustuslik' under the field). Which
 * categories have children is the catalogue's, so the schema is made for the categories shown.
 */
export function filterFormSchema(categories: readonly Category[]) {
  return z
    .object({
      search: z.string(),
      cat: id,
      sub: id,
      place: z.string(),
      lat: coordinate,
      lon: coordinate,
      dist: z.number().nullable(),
      sort: z.union([SearchSort, z.literal('')]),
      page: z.number().int(),
    })
    .refine((f) => f.cat === null || f.sub !== null || !categories.some((c) => c.parentCategoryId === f.cat), {
      path: ['sub'],
      message: messages.validation.required,
    }) satisfies z.ZodType<SearchFilters, SearchFilters>;
}
