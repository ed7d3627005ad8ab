import { MAX_PRICE_EUROS, type SearchFilters } from './search-filters';
import { periodOf, periodValuesOf, type PeriodValues } from '../../../components/period/period-form';

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

export const priceOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

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
