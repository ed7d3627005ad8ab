import { STANDARD_VAT_RATES, standardVatBpOn } from '../domain/money';
import { tallinnIsoDate, type Instant } from './tallinn-time';

/**
 * The statutory standard VAT rate in force on a Tallinn calendar date. A 'YYYY-MM-DD' string is
 * that date; an instant counts by the Tallinn calendar (30 June 21:30 UTC is already 1 July).
 */
export function standardVatRate(date: Instant = new Date()): number {
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : tallinnIsoDate(date);
  let rate = STANDARD_VAT_RATES[0].rate;
  for (const entry of STANDARD_VAT_RATES) if (day >= entry.from) rate = entry.rate;
  return rate;
}

/** The last instant `standardVatRateBp` was asked about and its answer (see there). */
let lastInstant: { ms: number; bp: number } | null = null;

/**
 * `standardVatRate` in basis points (2400 for 24 %). The last instant's answer is kept: a search
 * prices thousands of products for one period start, and the Tallinn date of an instant (Intl)
 * cost more than the rest of a price.
 */
export function standardVatRateBp(date: Instant = new Date()): number {
  if (typeof date === 'string') return standardVatBpOn(/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : tallinnIsoDate(date));
  const ms = date instanceof Date ? date.getTime() : date;
  if (lastInstant?.ms === ms) return lastInstant.bp;
  const bp = standardVatBpOn(tallinnIsoDate(date));
  lastInstant = { ms, bp };
  return bp;
}
