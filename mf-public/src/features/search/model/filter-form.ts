import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { SearchSort, type Category } from 'shared-kernel/schemas';
import { MAX_PRICE_EUROS, type SearchFilters } from './search-filters';
import { checkPeriod, periodOf, periodShape, periodValuesOf, type PeriodValues } from '../../../components/period/period-form';
import { searchTexts } from '../../../messages/search';

const id = z.number().int().positive().nullable();
const coordinate = z.number().nullable();

/**
 * The filter panel's fields: the search state the URL holds, with the period as the inputs show
 * it (the period component's values) and the prices as typed.
 */
export interface FilterFormValues extends Omit<SearchFilters, 'from' | 'to' | 'minPrice' | 'maxPrice'>, PeriodValues {
  minPrice: string;
  maxPrice: string;
}

/** The form's values for the filters of the URL. */
export function formValuesOf(f: SearchFilters): FilterFormValues {
  const { from, to, minPrice, maxPrice, ...rest } = f;
  return {
    ...rest,
    ...periodValuesOf(from, to),
    minPrice: minPrice === null ? '' : String(minPrice),
    maxPrice: maxPrice === null ? '' : String(maxPrice),
  };
}

const priceOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The filters the form's values stand for. A period not filled in completely is none (the schema
 * refuses it on submit; a place picked meanwhile searches without it).
 */
export function filtersOf(v: FilterFormValues): SearchFilters {
  const { mode, fromDay, toDay, hourDay, fromHour, toHour, minPrice, maxPrice, ...rest } = v;
  const whole = (text: string) => {
    const n = priceOf(text);
    return n !== null && Number.isInteger(n) && n >= 0 && n <= MAX_PRICE_EUROS ? n : null;
  };
  return {
    ...rest,
    ...periodOf({ mode, fromDay, toDay, hourDay, fromHour, toHour }),
    minPrice: whole(minPrice),
    maxPrice: whole(maxPrice),
  };
}

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
