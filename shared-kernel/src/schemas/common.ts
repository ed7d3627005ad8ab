import { z } from 'shared-kernel/zod';

/** Every error the API answers has this shape; `codes[0]` always equals `code`. */
export const ApiErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  codes: z.array(z.string()),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Codes the API answers with; the UI maps them to the Estonian texts of the spec. */
export const ApiErrorCode = z.enum([
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CSRF',
  'BAD_CREDENTIALS',
  'LOCKED',
  'ACCOUNT_SUSPENDED',
  'INVALID_PASSWORD',
  'INVALID_USERNAME',
  'USER_EXIST',
  'EMAIL_ALREADY_IN_USE',
  'INVALID_BUSINESS',
  'EMAIL_NOT_FOUND',
  'INVALID_HASH',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  // Booking (spec 8); UNAVAILABLE may carry a detail code (NOT_RENT_DAY, OUTSIDE_RENT_HOURS,
  // PRODUCT_INACTIVE) second in `codes`.
  'PENDING_RESERVATION',
  'UNAVAILABLE',
  'IS_VACATION_DAY',
  'SELF_PRODUCT',
  'INVALID_TIMES',
  'INVALID_TIMES_START_AFTER_END',
  'INVALID_ADDITIONAL_COST_NEGATIVE',
  'INVALID_ADDITIONAL_COST',
  'ZERO_SUM',
  // The request flow after the request (issue 10): a transition the current status does not allow,
  // a request whose start has passed, paid-later accept of a product that is not paid later, and
  // a contract cancel reason other than 'item was broken' (or that one where it is not offered).
  'INVALID_STATUS',
  'RESERVATION_OUTDATED',
  'PAID_LATER_NOT_ALLOWED',
  'INVALID_CANCEL_REASON',
  // Owner tools (issue 11): B2B-only product fields from a private owner, a product put in a
  // top-level or unknown category, and an image name that is not the caller's stored upload.
  'B2B_ONLY',
  'INVALID_CATEGORY',
  'INVALID_IMAGE',
  // Owner images (issue 11): a file that is not jpeg/png/bmp, over 9,900,000 bytes, a fifth image,
  // deleting the only image.
  'INVALID_FILE_TYPE',
  'FILE_TOO_LARGE',
  'TOO_MANY_IMAGES',
  'LAST_IMAGE',
  // Messaging (issue 13): writing to oneself.
  'SELF_MESSAGE',
  // Money (issue 12): withdrawal without an account number, more than the balance, paying a
  // contract less than an hour before its start, an amount that is not what the server computes,
  // a deposit by a limited or unverified user, a product that is not instantly bookable, a go-kart
  // slot that is full or outside opening hours, and a provider notification whose signature fails.
  'NO_ACCOUNT_NR',
  'ALREADY_EXPORTED',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_TOO_LATE',
  'PAYMENT_AMOUNT_MISMATCH',
  'PAYMENT_NOT_ALLOWED',
  'NOT_AUTOMATED',
  'GOKART_FULL',
  'GOKART_CLOSED',
  'INVALID_SIGNATURE',
  // Issue 29: a bank code the payment provider does not list; its list could not be read.
  'UNKNOWN_BANK',
  'PROVIDER_UNAVAILABLE',
  // Safe by default (issue 15): the API is at its concurrency limit and the request queue is full.
  'SERVICE_BUSY',
  // Issue 31 (ADR 0043): 'Toode käes' before its window, a review or problem report before the
  // handover, a booking by a renter with an unpaid late fee, one over the terms' debtor limit.
  'HANDOVER_TOO_EARLY',
  'NOT_HANDED_OVER',
  'RENTER_IN_DEBT',
  'DEBTOR_LIMIT',
  // Issue 32: saving more products than a user may keep.
  'TOO_MANY_SAVED',
]);
export type ApiErrorCode = z.infer<typeof ApiErrorCode>;

/** Path ids are positive int4 values; anything else is a validation error, never a 500. */
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export type IdParam = z.infer<typeof IdParam>;

/** The spec pages from 0. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

export const HealthResponse = OkResponse;
export type HealthResponse = z.infer<typeof HealthResponse>;

/** A bare true/false answer (GET /forgot-pw/{hash}, POST /users/user-exist/{x}). */
export const BooleanAnswer = z.boolean();
