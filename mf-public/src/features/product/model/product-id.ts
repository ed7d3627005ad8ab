/**
 * A product id as the page's path spells it: a positive decimal integer without leading zeros,
 * or null. `Number()` alone would read `1e2`, `0x10` and `0001` as ids 100, 16 and 1: endless
 * other addresses of the same page, each with its own canonical URL (found by a review).
 */
export function productIdOf(segment: string | undefined): number | null {
  if (segment === undefined || !/^[1-9]\d{0,14}$/.test(segment)) return null;
  return Number(segment);
}
