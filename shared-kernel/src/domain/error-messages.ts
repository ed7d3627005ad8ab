import { format, messages, SUPPORT_EMAIL } from 'shared-kernel/messages';

const BOOKING: Readonly<Record<string, string>> = {
  PENDING_RESERVATION: messages.errors.booking.pendingReservation,
  INVALID_ADDITIONAL_COST_NEGATIVE: messages.errors.booking.negativeAdditionalCost,
  UNAVAILABLE: messages.errors.booking.unavailable,
  IS_VACATION_DAY: messages.errors.booking.vacationDay,
  SELF_PRODUCT: messages.errors.booking.selfProduct,
  INVALID_TIMES: messages.errors.booking.startInPast,
  INVALID_TIMES_START_AFTER_END: messages.errors.booking.startAfterEnd,
  ZERO_SUM: messages.errors.booking.zeroSum,
  RENTER_IN_DEBT: messages.errors.rentalLife.renterInDebtShort,
  DEBTOR_LIMIT: messages.errors.rentalLife.debtorLimitShort,
};

/**
 * The reason the API adds after a generic first code (UNAVAILABLE, VALIDATION_ERROR): outside the
 * product's days or hours, a product out of rent, a period too long or too far ahead. Each has its
 * own text; a plain UNAVAILABLE is an overlap with another booking.
 */
const BOOKING_DETAIL: Readonly<Record<string, string>> = {
  NOT_RENT_DAY: messages.errors.api.notRentDay,
  OUTSIDE_RENT_HOURS: messages.errors.api.outsideRentHours,
  PRODUCT_INACTIVE: messages.errors.api.productInactive,
  RENTAL_TOO_LONG: messages.errors.api.rentalTooLong,
  RENTAL_TOO_FAR_AHEAD: messages.errors.api.rentalTooFarAhead,
};

/** Refusals the booking calendar shows: on the rent page their text points to it (spec 8). */
const SHOWN_IN_CALENDAR: ReadonlySet<string> = new Set(['UNAVAILABLE', 'IS_VACATION_DAY']);

function firstCode(codes: string | readonly string[] | null | undefined): string | undefined {
  if (typeof codes === 'string') return codes;
  return codes?.[0];
}

/**
 * Booking error text for an error answer's codes (pass them all: a reason after the first code
 * picks its own text, as in ['UNAVAILABLE', 'OUTSIDE_RENT_HOURS']).
 */
export function bookingErrorMessage(codes: string | readonly string[] | null | undefined, options: { rentPage?: boolean } = {}): string {
  const code = firstCode(codes);
  const detail = typeof codes === 'string' || !codes ? undefined : codes.slice(1).find((c) => BOOKING_DETAIL[c] !== undefined);
  if (detail !== undefined) return BOOKING_DETAIL[detail];
  const text = (code !== undefined && BOOKING[code]) || messages.errors.booking.failed;
  return options.rentPage && code !== undefined && SHOWN_IN_CALENDAR.has(code) ? `${text} ${messages.errors.booking.seeCalendar}` : text;
}

/** Registration error text for the server's code; the password rule for INVALID_PASSWORD. */
export function registrationErrorMessage(codes: string | readonly string[] | null | undefined, options: { business: boolean }): string {
  switch (firstCode(codes)) {
    case 'INVALID_PASSWORD':
      return messages.validation.passwordRule;
    case 'EMAIL_ALREADY_IN_USE':
      return messages.errors.registration.emailInUse;
    case 'INVALID_USERNAME':
      return messages.errors.registration.invalidUsername;
    case 'USER_EXIST':
      return options.business ? messages.errors.registration.usernameTaken : messages.errors.registration.emailTaken;
    case 'IDENTITY_NOT_VERIFIED':
      return messages.identity.refusal.representativeNotVerified;
    default:
      return format(messages.errors.registration.contactSupport, { email: SUPPORT_EMAIL });
  }
}

/** Accept-reservation error text. */
export function acceptErrorMessage(codes: string | readonly string[] | null | undefined): string {
  switch (firstCode(codes)) {
    case 'INVALID_ADDITIONAL_COST':
      return messages.errors.accept.additionalCostMismatch;
    case 'RESERVATION_OUTDATED':
      return messages.errors.reservation.outdated;
    case 'PAID_LATER_NOT_ALLOWED':
      return messages.errors.accept.paidLaterNotAllowed;
    case 'INVALID_STATUS':
      return messages.errors.accept.statusChanged;
    default:
      return messages.errors.accept.failed;
  }
}

/**
 * Login error text; the server signals a lock-out with LockedException in its message or code, and
 * an account the platform suspended (spec 6) with ACCOUNT_SUSPENDED.
 */
export function loginErrorMessage(error: { code?: string; message?: string } | null | undefined): string {
  if (error?.code === 'ACCOUNT_SUSPENDED') return messages.errors.login.suspended;
  // Many wrong passwords from one address (issue 29): the right one still works, so say to wait, not 'wrong password'.
  if (error?.code === 'RATE_LIMITED') return messages.errors.abuse.tooManyRequests;
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`;
  return /LockedException|ACCOUNT_LOCKED/.test(text) ? messages.errors.login.locked : messages.errors.login.invalidCredentials;
}

const NO_FEEDBACK_RIGHTS = 'User has no rights for feedback.';

export function feedbackErrorMessage(serverMessage: string | null | undefined): string {
  // Before the handover (issue 31) the server's own text says when a review opens.
  if (serverMessage === messages.errors.rentalLife.notHandedOver) return serverMessage;
  return serverMessage?.includes(NO_FEEDBACK_RIGHTS) ? messages.errors.feedback.noRights : messages.errors.feedback.failed;
}

/**
 * Complaint (problem report) failure: the no-rights refusal (code NO_RIGHTS) has its own text, any
 * other failure the generic one, paired with the dialog's generic 'Salvestamine õnnestus'.
 */
export function problemReportErrorMessage(error: { code?: string } | null | undefined): string {
  if (error?.code === 'NOT_HANDED_OVER') return messages.errors.rentalLife.notHandedOver;
  return error?.code === 'NO_RIGHTS' ? messages.errors.feedback.problemNoRights : messages.common.saveFailed;
}
