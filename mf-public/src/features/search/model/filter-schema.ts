import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { SearchSort, type Category } from 'shared-kernel/schemas';
import { MAX_PRICE_EUROS, type SearchFilters } from './search-filters';
import { filtersOf, priceOf, type FilterFormValues } from './filter-form';
import { checkPeriod } from '../../../components/period/period-form';
import { periodShape } from '../../../components/period/period-schema';
import { searchTexts } from '../../../messages/search';

// The filter panel's schema, apart from its values (./filter-form): the panel renders on the search
// page's first paint, and this file (with zod) loads with the form's first check (issue 28).

const id = z.number().int().positive().nullable();
const coordinate = z.number().nullable();

const price = z.string().refine(
  (text) => {
    const n = priceOf(text);
    return n === null || (Number.isInteger(n) && n >= 0 && n <= MAX_PRICE_EUROS);
  },
  { message: searchTexts.priceWhole },
);

/**
 * The filter panel's schema. Spec 2.6: once a category with subcategories is chosen, its
 * subcategory is required ('Kohustuslik' under the field); which categories have children is the
 * catalogue's, so the schema is made for the categories shown. A period is optional but whole
 * (both days, or the day and both hours) and not backwards; bounds in the past or too far ahead
 * are the API's to refuse, in its words, by the same fields.
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
      ...periodShape,
      minPrice: price,
      maxPrice: price,
    })
    .superRefine((f, ctx) => {
      const required = (path: keyof FilterFormValues) =>
        ctx.addIssue({ code: 'custom', path: [path], message: messages.validation.required });
      if (f.cat !== null && f.sub === null && categories.some((c) => c.parentCategoryId === f.cat)) required('sub');
      checkPeriod(f, ctx);
      const min = priceOf(f.minPrice);
      const max = priceOf(f.maxPrice);
      if (min !== null && max !== null && Number.isInteger(min) && Number.isInteger(max) && max < min) {
        ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: searchTexts.priceBackwards });
      }
    })
    .transform(filtersOf) satisfies z.ZodType<SearchFilters, FilterFormValues>;
}

export type FilterFormSchema = ReturnType<typeof filterFormSchema>;
