// Europe/Tallinn time, and the rules that depend on it: wall-clock arithmetic on Intl
// (./tallinn-time.ts), luxon only for `inTallinn` and calendar arithmetic (./tallinn-datetime.ts),
// so a page that uses only the former (the product page's booking panel) never downloads luxon.
export { inTallinn, addTallinnDays, tallinnDaysBetween } from './tallinn-datetime';
export type { TallinnDateTime } from './tallinn-datetime';
export {
  TALLINN,
  toEpoch,
  tallinnDateParts,
  tallinnLocalToEpoch,
  tallinnLocalExists,
  tallinnIsoDate,
  tallinnWeekday,
  hoursBetween,
  tallinnDayNumber,
  isoDateOfDayNumber,
  weekdayIndexOfDayNumber,
  tallinnSecondOfDay,
  tallinnMillisOfDay,
  formatTallinn,
  formatTallinnShort,
} from './tallinn-time';
export type { Instant, TallinnDateTimeParts } from './tallinn-time';
export { refundPercent, refundCents, REFUND_SCHEDULE } from './refund';
export { standardVatRate, standardVatRateBp } from './standard-vat';
export { ageFromIsikukood } from './age';
export { tierPricesFromEuros, rentalSpan, rentalPrice, rentalPriceBetween, TIER_MIN_DAYS } from './price-tiers';
export type { PriceTier, TierPricesCents, RentalSpan, RentalPrice } from './price-tiers';
export { quoteRental, rentalVatRateBp, renterServiceCents } from './pricing';
export type { QuoteInput, PriceQuote } from './pricing';
export { bookingCalendarDay } from './booking-calendar';
export { dailyWindow, hhmmOf, minutesOf, rentsOnWeekday } from './daily-window';
export type { CalendarDayState, BookingCalendarProduct } from './booking-calendar';
export {
  PAYOUT_WORKING_DAYS,
  easterSunday,
  estonianPublicHolidays,
  isEstonianWorkingDay,
  addEstonianWorkingDays,
  payoutExpectedDate,
} from './working-days';
