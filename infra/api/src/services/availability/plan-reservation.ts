import { ROLES } from 'shared-kernel/domain';
import { quoteRental } from 'shared-kernel/time';
import { messages } from 'shared-kernel/messages';
import type { NewReservationRequest } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import type { BookingProduct } from '../../repositories/booking-product';
import type { PriceTier } from 'shared-kernel/time';
import { checkPeriod, type PeriodRefusal } from './period-rules';
import { eurosToCents } from '../../lib/money';

/** A request the booking rules accepted, priced with the kernel's quoteRental. */
export interface ReservationPlan {
  startMs: number;
  endMs: number;
  hourly: boolean;
  tier: PriceTier;
  amountCents: number;
  vatRateBp: number;
  services: { id: number; costCents: number }[];
  additionalServiceCostCents: number;
}

/**
 * Spec 5/6: ROLE_USER and ROLE_ADMIN book, and a ROLE_USER_LIMITED debtor within the terms' limits
 * (checked with the booking, ADR 0043); a user who must verify identity never does.
 */
export function assertMayBook(roles: readonly string[]): void {
  if (roles.includes(ROLES.needsId)) {
    throw new ApiError(403, 'FORBIDDEN', messages.errors.booking.needsVerification, ['IDENTITY_NOT_VERIFIED']);
  }
  if (!roles.includes(ROLES.user) && !roles.includes(ROLES.admin) && !roles.includes(ROLES.limited)) {
    throw new ApiError(403, 'FORBIDDEN', messages.errors.api.bookingRoleRefused, ['CREDIT_ASSESSMENT_REQUIRED']);
  }
}

export function periodError(refusal: PeriodRefusal): ApiError {
  switch (refusal.code) {
    case 'INVALID_TIMES_START_AFTER_END':
      return new ApiError(400, 'INVALID_TIMES_START_AFTER_END', messages.errors.booking.startAfterEnd);
    case 'INVALID_TIMES':
      return new ApiError(400, 'INVALID_TIMES', messages.errors.booking.startInPast);
    // The reason after the generic code lets a client say which rule refused the period (issue 25).
    case 'TOO_LONG':
      return new ApiError(400, 'VALIDATION_ERROR', messages.errors.api.rentalTooLong, ['RENTAL_TOO_LONG']);
    case 'TOO_FAR_AHEAD':
      return new ApiError(400, 'VALIDATION_ERROR', messages.errors.api.rentalTooFarAhead, ['RENTAL_TOO_FAR_AHEAD']);
    case 'IS_VACATION_DAY':
      return new ApiError(409, 'IS_VACATION_DAY', messages.errors.booking.vacationDay);
    case 'UNAVAILABLE':
      return new ApiError(
        409,
        'UNAVAILABLE',
        refusal.detail === 'NOT_RENT_DAY' ? messages.errors.api.notRentDay : messages.errors.api.outsideRentHours,
        [refusal.detail],
      );
  }
}

export interface RequestedPeriod {
  startMs: number;
  endMs: number;
}

/**
 * Judges a booking request against the product as read under its row lock and prices it with the
 * kernel's quoteRental; throws the spec 8 error otherwise. Overlap with other reservations is left
 * to the database.
 */
export function planReservation(
  product: BookingProduct,
  renterId: number,
  request: NewReservationRequest & RequestedPeriod,
  now: Date,
): ReservationPlan {
  if (product.deleted) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
  if (product.ownerId === renterId) throw new ApiError(400, 'SELF_PRODUCT', messages.errors.booking.selfProduct);
  if (product.inactive) throw new ApiError(409, 'UNAVAILABLE', messages.errors.api.productInactive, ['PRODUCT_INACTIVE']);

  const chosen = (request.additionalServices ?? []).map((s) => (typeof s === 'number' ? { id: s, cost: undefined } : s));
  const claimedTotal = request.additionalServiceCost ?? undefined;
  if (chosen.some((s) => s.cost !== undefined && s.cost < 0) || (claimedTotal !== undefined && claimedTotal < 0)) {
    throw new ApiError(400, 'INVALID_ADDITIONAL_COST_NEGATIVE', messages.errors.booking.negativeAdditionalCost);
  }

  const refusal = checkPeriod(product, request.startMs, request.endMs, now.getTime());
  if (refusal) throw periodError(refusal);

  const services = chosen.map((c) => {
    const service = product.services.find((s) => s.id === c.id);
    if (!service) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.api.unknownAdditionalService);
    if (c.cost !== undefined && eurosToCents(c.cost) !== service.costCents) {
      throw new ApiError(409, 'INVALID_ADDITIONAL_COST', messages.errors.accept.additionalCostMismatch);
    }
    return { id: service.id, costCents: service.costCents };
  });
  const additionalServiceCostCents = services.reduce((sum, s) => sum + s.costCents, 0);
  if (claimedTotal !== undefined && eurosToCents(claimedTotal) !== additionalServiceCostCents) {
    throw new ApiError(409, 'INVALID_ADDITIONAL_COST', messages.errors.accept.additionalCostMismatch);
  }

  const quote = quoteRental({
    prices: product.prices,
    startMs: request.startMs,
    endMs: request.endMs,
    ownerVatLiable: product.ownerVatLiable,
    additionalServiceCents: services.map((s) => s.costCents),
  });
  if (!quote || quote.totalCents <= 0) throw new ApiError(400, 'ZERO_SUM', messages.errors.booking.zeroSum);

  return {
    startMs: request.startMs,
    endMs: request.endMs,
    hourly: quote.rental.tier === 'hour',
    tier: quote.rental.tier,
    amountCents: quote.amountCents,
    vatRateBp: quote.vatRateBp,
    services,
    additionalServiceCostCents,
  };
}
