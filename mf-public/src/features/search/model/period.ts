import { format } from 'shared-kernel/messages';
import { formatEuros } from 'shared-kernel/domain';
import type { PeriodUnits } from 'shared-kernel/schemas';
import { periodMode } from './search-filters';
import { searchTexts } from '../../../messages/search';

// Wall-clock arithmetic on the URL's own strings: the search page does not load the kernel's date
// library (shared-kernel/time) for this, and a count of days or hours needs no time zone.
const DAY_MS = 24 * 60 * 60 * 1000;
const utcOf = (wallClock: string) => Date.parse(`${wallClock.length === 10 ? `${wallClock}T00:00` : wallClock}:00Z`);

/** How long a period is as a card says it: whole days (both ends counted) or wall-clock hours. */
export function periodLength(from: string, to: string): { unit: 'days' | 'hours'; count: number } | null {
  const mode = periodMode(from, to);
  if (mode === 'days') return { unit: 'days', count: Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1 };
  if (mode === 'hours') return { unit: 'hours', count: Math.round((utcOf(to) - utcOf(from)) / (DAY_MS / 24)) };
  return null;
}

/**
 * '123,40 € / 3 päeva': a card's price for the searched period (the booking panel's total). `units`
 * is what the API priced (kernel `quoteRental`): a product without an hourly price is charged whole
 * days for an hour search, so the label says the day, not the searched hours.
 */
export function periodPriceText(euros: number, from: string, to: string, units?: PeriodUnits | null): string | null {
  const length = units ?? periodLength(from, to);
  if (!length || length.count <= 0) return null;
  const t = searchTexts;
  const price = formatEuros(Math.round(euros * 100));
  if (length.unit === 'days')
    return length.count === 1 ? format(t.periodPriceDay, { price }) : format(t.periodPriceDays, { price, count: length.count });
  return length.count === 1 ? format(t.periodPriceHour, { price }) : format(t.periodPriceHours, { price, count: length.count });
}
