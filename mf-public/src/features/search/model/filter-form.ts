import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { SearchSort, type Category } from 'shared-kernel/schemas';
import { MAX_PRICE_EUROS, periodMode, type SearchFilters } from './search-filters';
import { searchTexts } from '../../../messages/search';

const id = z.number().int().positive().nullable();
const coordinate = z.number().nullable();

export type PeriodMode = 'days' | 'hours';

/**
 * The filter panel's fields: the search state the URL holds, with the period as the inputs show
 * it (issue 32: days from–to, or one day and an hour range) and the prices as typed.
 */
export interface FilterFormValues extends Omit<SearchFilters, 'from' | 'to' | 'minPrice' | 'maxPrice'> {
  mode: PeriodMode;
  fromDay: string;
  toDay: string;
  /** Hour mode: the day and whole hours `HH:00` ('' when not chosen). */
  hourDay: string;
  fromHour: string;
  toHour: string;
  minPrice: string;
  maxPrice: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Whole hours an hour-mode search may start or end at. */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`);

/**
 * The hour select's choices: the whole hours, plus the time a shared link gave when it is not
 * one (10:00–14:30), in its place, so the form shows the period the results are for rather than
 * '—' or a rounded time the search did not use.
 */
export function hourOptions(current: string): readonly string[] {
  if (current === '' || HOURS.includes(current)) return HOURS;
  return [...HOURS, current].sort();
}

/** The form's values for the filters of the URL. */
export function formValuesOf(f: SearchFilters): FilterFormValues {
  const { from, to, minPrice, maxPrice, ...rest } = f;
  const mode = periodMode(from, to);
  const hours = mode === 'hours';
  return {
    ...rest,
    mode: hours ? 'hours' : 'days',
    fromDay: mode === 'days' ? from : '',
    toDay: mode === 'days' ? to : '',
    hourDay: hours ? from.slice(0, 10) : '',
    fromHour: hours ? from.slice(11) : '',
    toHour: hours ? to.slice(11) : '',
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
  let from = '';
  let to = '';
  if (mode === 'days' && fromDay && toDay) [from, to] = [fromDay, toDay];
  if (mode === 'hours' && hourDay && fromHour && toHour) [from, to] = [`${hourDay}T${fromHour}`, `${hourDay}T${toHour}`];
  const whole = (text: string) => {
    const n = priceOf(text);
    return n !== null && Number.isInteger(n) && n >= 0 && n <= MAX_PRICE_EUROS ? n : null;
  };
  return { ...rest, from, to, minPrice: whole(minPrice), maxPrice: whole(maxPrice) };
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
      mode: z.enum(['days', 'hours']),
      fromDay: z.string(),
      toDay: z.string(),
      hourDay: z.string(),
      fromHour: z.string(),
      toHour: z.string(),
      minPrice: price,
      maxPrice: price,
    })
    .superRefine((f, ctx) => {
      const required = (path: keyof FilterFormValues) =>
        ctx.addIssue({ code: 'custom', path: [path], message: messages.validation.required });
      if (f.cat !== null && f.sub === null && categories.some((c) => c.parentCategoryId === f.cat)) required('sub');
      if (f.mode === 'days' && (f.fromDay || f.toDay)) {
        if (!f.fromDay) required('fromDay');
        if (!f.toDay) required('toDay');
        if (f.fromDay && f.toDay && f.toDay < f.fromDay)
          ctx.addIssue({ code: 'custom', path: ['toDay'], message: searchTexts.periodBackwards });
      }
      if (f.mode === 'hours' && (f.hourDay || f.fromHour || f.toHour)) {
        if (!f.hourDay) required('hourDay');
        if (!f.fromHour) required('fromHour');
        if (!f.toHour) required('toHour');
        if (f.fromHour && f.toHour && f.toHour <= f.fromHour)
          ctx.addIssue({ code: 'custom', path: ['toHour'], message: searchTexts.periodBackwards });
      }
      const min = priceOf(f.minPrice);
      const max = priceOf(f.maxPrice);
      if (min !== null && max !== null && Number.isInteger(min) && Number.isInteger(max) && max < min) {
        ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: searchTexts.priceBackwards });
      }
    })
    .transform(filtersOf) satisfies z.ZodType<SearchFilters, FilterFormValues>;
}
