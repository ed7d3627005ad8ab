export { GO_KART_PRODUCT_ID, GO_KART, TIMINGS, LIMITS, LOCALE, ROLES } from './constants';
export {
  validateIsikukood,
  isikukoodCheckDigit,
  birthDateFromIsikukood,
  genderFromIsikukood,
} from './isikukood';
export type { BirthDate } from './isikukood';
export { normalizeIban, isValidIbanChecksum, validateEstonianIban, validateIban, ibanProblem, IBAN_LENGTHS } from './iban';
export type { IbanProblem } from './iban';
export { formatRentDays, weekdayLetter, weekdayFromIndex, WEEKDAY_INDEX, WEEKDAYS_MONDAY_FIRST } from './weekdays';
export type { Weekday } from './weekdays';
export { cutText, cardTitle, tileTitle, feedbackAuthor, chipLabel } from './titles';
export { productImageSrcSet } from './image-srcset';
export {
  SEED_FEE_VAT_FACTOR,
  RENTER_MULTIPLIER_VAT_LIABLE,
  RENTER_MULTIPLIER_NOT_VAT_LIABLE,
  priceWithFee,
  priceWithoutFee,
  renterMultiplier,
  renterPrice,
} from './legacy-pricing';
export {
  STANDARD_VAT_RATES,
  SERVICE_FEE_BP,
  DISPLAY_VAT_FACTOR,
  percentOfCents,
  withVatAndFee,
  netFromTotal,
  round2,
  toCents,
  fromCents,
  feeBreakdownTotal,
  withDisplayVat,
  withoutDisplayVat,
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
  netFromShownPriceCents,
} from './money';
export type { PriceViewer, PricedItem } from './money';
export { headlinePrice, headlinePriceText } from './product-price';
export type { HeadlinePrice } from './product-price';
export { technicalFieldsFor, technicalFieldProblems, TECHNICAL_OPTIONS, TECHNICAL_CATEGORY_IDS } from './technical-fields';
export type { TechnicalFieldKey, TechnicalFieldSpec } from './technical-fields';
export type { FeeBreakdown, EuroFormat } from './money';
export { feeBreakdown, vatInclusiveBreakdown } from './fee-breakdown';
export type { FeeBreakdownCents, FeeRatesBp } from './fee-breakdown';
export { reservationStatusLabel, contractStatusLabel } from './status-labels';
export type { ReservationStatus, ContractStatus } from './status-labels';
export { HOLDING_RESERVATION_STATUSES, RELEASED_RESERVATION_STATUSES, holdsTime, periodsOverlap } from './reservation-rules';
export {
  isEmpty,
  validateRequired,
  validatePasswordsMatch,
  validateIsikukoodField,
  validateIbanField,
} from './validators';
export type { ValidationResult } from './validators';
export {
  bookingErrorMessage,
  registrationErrorMessage,
  acceptErrorMessage,
  loginErrorMessage,
  feedbackErrorMessage,
  problemReportErrorMessage,
  withdrawalErrorMessage,
} from './error-messages';
