// Europe/Tallinn time, and the rules that depend on it, through luxon. A subpath of its own so
// that pages without dates (the front page) never download the date library.
export {
  TALLINN,
  inTallinn,
  toEpoch,
  tallinnDateParts,
  tallinnLocalToEpoch,
  tallinnIsoDate,
  tallinnWeekday,
  addTallinnDays,
  tallinnDaysBetween,
  hoursBetween,
} from './tallinn-time';
export type { Instant, TallinnDateTimeParts } from './tallinn-time';
export { refundPercent, refundCents, REFUND_SCHEDULE } from './refund';
export { standardVatRate } from './standard-vat';
export { ageFromIsikukood } from './age';
export { tierForLength, computeRentalPrice, rentalDays, rentalHours, TIER_MIN_DAYS } from './price-tiers';
export type { PriceTier, TierPrices, RentalPrice } from './price-tiers';
