export { GO_KART_PRODUCT_ID, GO_KART, TIMINGS, LIMITS, LOCALE, ROLES, RENTAL_LIFE } from './constants';
export { handoverOpensAt, lateReturnFee, debtorLimitCents } from './rental-life';
export type { LateReturnFee } from './rental-life';
export { validateIsikukood, birthDateFromIsikukood } from './isikukood';
export { validateIban } from './iban';
export { formatRentDays, weekdayLetter, WEEKDAYS_MONDAY_FIRST } from './weekdays';
export type { Weekday } from './weekdays';
export { cutText, cardTitle, tileTitle, feedbackAuthor, chipLabel } from './titles';
export { productImageSrcSet } from './image-srcset';
export {
  STANDARD_VAT_RATES,
  SERVICE_FEE_BP,
  withVatAndFee,
  toCents,
  fromCents,
  searchPriceEuros,
  formatEuros,
  tallinnDateOf,
  standardVatBpOn,
  catalogPriceCents,
  catalogServiceCents,
  ownerPriceCents,
  netFromOwnerPriceCents,
  ownerVatBpOn,
  shownPriceCents,
} from './money';
export { headlinePrice, headlinePriceText } from './product-price';
export { technicalFieldsFor, technicalFieldProblems, TECHNICAL_CATEGORY_IDS } from './technical-fields';
export type { TechnicalFieldKey, TechnicalFieldSpec } from './technical-fields';
export type { FeeBreakdown } from './money';
export { feeBreakdown, vatInclusiveBreakdown } from './fee-breakdown';
export type { FeeBreakdownCents, FeeRatesBp } from './fee-breakdown';
export { reservationStatusLabel, contractStatusLabel } from './status-labels';
export type { ReservationStatus, ContractStatus } from './status-labels';
export { HOLDING_RESERVATION_STATUSES, RELEASED_RESERVATION_STATUSES, holdsTime, periodsOverlap } from './reservation-rules';
export {
  bookingErrorMessage,
  registrationErrorMessage,
  acceptErrorMessage,
  loginErrorMessage,
  feedbackErrorMessage,
  problemReportErrorMessage,
} from './error-messages';
