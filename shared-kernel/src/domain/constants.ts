/** Business constants and timings of the spec (section 9 of both documents), in one place. */

/** The go-kart activity has a fixed product id and its own booking flow. */
export const GO_KART_PRODUCT_ID = 229;

export const GO_KART = {
  productId: GO_KART_PRODUCT_ID,
  slotPriceEur: 20,
  slotPriceCents: 2_000,
  ridersPerSlotMax: 10,
  ridersMin: 1,
  ridersMax: 10,
  slotMinutes: 20,
} as const;

export const TIMINGS = {
  requestTimeoutMs: 15_000,
  fileUploadTimeoutMs: 300_000,
  forbiddenAlertDelayMs: 2_500,
  noticeAutoHideMs: 3_000,
  copyConfirmationMs: 1_500,
  feedbackDialogCloseMs: 1_500,
  reloadAfterSuccessMs: 1_500,
  forgotPasswordRedirectMs: 3_000,
  bookingRedirectMs: 2_000,
  bookingButtonLockMs: 1_900,
  identityPollIntervalMs: 2_000,
  identityCountdownSeconds: 60,
  identitySuccessRedirectMs: 2_000,
  identityFailureReloadMs: 2_500,
  placesAutocompleteThrottleMs: 200,
  searchAfterLocationMs: 200,
  loadingOverlayClearMs: 500,
  loaderDelayMs: 333,
  missingCategoryWarningMs: 3_000,
  gallerySlideMs: 450,
  unreadPollingMs: 45_000,
  outdatedReservationReloadMs: 1_500,
} as const;

export const LIMITS = {
  maxExtraHours: 23,
  maxImages: 4,
  maxImageBytes: 9_900_000,
  coverImageMaxPx: 435,
  otherImageMaxPx: 2_000,
  maxOwnQuestionsPerProduct: 2,
  productCodeMax: 100,
  approvalTextMax: 250,
  serviceNameMaxExclusive: 256,
  serviceInfoMaxExclusive: 512,
  passwordMinLength: 8,
  debtorLimitPrivateEur: 500,
  debtorLimitCompanyEur: 2_000,
  payButtonCutoffMs: 60 * 60 * 1000,
  chatRecentMessages: 6,
  chatFullHistory: 100,
  paymentHistoryRows: 3,
  paymentHistoryRowsExpanded: 100,
  frontPageSliderPageSize: 7,
  frontPageSliderMaxPage: 3,
  hideReservationsEndedDaysAgo: 14,
  mapDefaultZoom: 8,
  mapClusterGridSize: 60,
  earthRadiusKm: 6_371,
  /** Longest rental one request may ask for, and how far ahead it may start (ours, ADR 0013). */
  maxRentalDays: 366,
  bookingHorizonDays: 730,
} as const;

/**
 * The rental's life after payment (issue 31, ADR 0043): how early the renter may mark the item
 * received, and the terms' late-return factor ("double day or hour fee").
 */
export const RENTAL_LIFE = {
  handoverEarliestBeforeStartMs: 24 * 60 * 60 * 1000,
  lateFeeMultiplier: 2,
  /**
   * A return this much past the end costs nothing, and the fee counts units after it: the marks are
   * pressed by hand, and a return 5 hours late must cost 5 hours, not 6 because a button was pressed
   * a second after the hour.
   */
  lateFeeGraceMs: 15 * 60 * 1000,
} as const;

export const LOCALE = { language: 'et', currency: 'EUR', country: 'EE', timeZone: 'Europe/Tallinn' } as const;

/** Role names as the server sends them. */
export const ROLES = {
  admin: 'ROLE_ADMIN',
  user: 'ROLE_USER',
  limited: 'ROLE_USER_LIMITED',
  needsId: 'ROLE_USER_B2C_NEED_ID',
} as const;
