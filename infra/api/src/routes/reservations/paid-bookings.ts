import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import {
  AutomatedCancelRequest,
  AutomatedReservationRequest,
  GokartDay,
  GokartDayQuery,
  GokartRequest,
  IdParam,
  OkResponse,
  PaymentOrderToken,
} from 'shared-kernel/schemas';
import { GO_KART } from 'shared-kernel/domain';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { assertMayBook, planReservation } from '../../services/availability/plan-reservation';
import { holdExpiry, registerReservationSettlement } from '../../services/availability/payment-hold';
import { gokartPriceCents, planSlots } from '../../services/gokart/slots';
import type { PaymentOrders } from '../../services/payments/order-port';
import { eurosToCents } from '../../lib/money';

/**
 * The bookings paid by bank link while their time is held: instant book and the go-kart track
 * (split from the reservation routes, issue 26; registered by them).
 */
export const paidBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const booking = app.bookingService;
  const payments = app.paymentOrders;
  registerReservationSettlement(payments, booking.holds);

  const noPayments = () => new ApiError(503, 'INTERNAL_ERROR', messages.errors.booking.paymentUnavailable);

  /**
   * Starts the bank-link payment of a held booking. Should the order not start, the hold is released
   * at once (the renter's time or places are not kept for a payment that cannot happen).
   */
  async function startPayment(
    payments: PaymentOrders,
    held: { id: number; hash: string },
    order: { userId: number; amountCents: number; bank: string; locale?: string; returnPath: string },
  ): Promise<PaymentOrderToken> {
    try {
      return await payments.create({ ...order, purpose: { kind: 'RESERVATION', reservationId: held.id }, reservationHash: held.hash });
    } catch (error) {
      await booking.holds.releaseHoldById(held.id, app.clock.now());
      if (error instanceof ApiError) throw error;
      app.log.error({ err: error }, 'payment order could not be started');
      throw noPayments();
    }
  }

  const hasNul = (...values: string[]) => values.some((v) => v.includes('\u0000'));

  /**
   * Spec 3/4 instant book of an automatically approved product: the request rules of a normal
   * request, the server's own total (the payer's amount must equal it), the time held while the
   * bank-link payment runs (PAYMENT_HOLD_MINUTES), answered with the order to send to the bank.
   */
  app.post(
    '/reservations/product/:id/automated-with-payment',
    { schema: { params: IdParam, body: AutomatedReservationRequest, response: responses({ 200: PaymentOrderToken }) } },
    async (request) => {
      const user = requireUser(request);
      assertMayBook(user.roles);
      const body = request.body;
      if (hasNul(body.name, body.phone, body.payment.methodOptions.preferredProvider, body.payment.methodDisplay ?? ''))
        throw new ApiError(400, 'VALIDATION_ERROR', 'NUL character');
      const now = app.clock.now();
      // Before the hold: an unlisted bank leaves no held reservation behind.
      await app.bankLink.provider.assertListedBank(body.payment.methodOptions.preferredProvider, now);
      const startMs = Date.parse(body.startTs);
      const endMs = Date.parse(body.endTs);
      const held = await booking.holds.createAutomated(
        {
          productId: request.params.id,
          renterId: user.id,
          name: body.name,
          phone: body.phone,
          amountCents: eurosToCents(body.payment.amount),
          holdExpiresTs: holdExpiry(now),
          now,
        },
        (product) => {
          if (product.deleted) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
          // The go-kart track is booked by slots (POST /reservations/gokart), never by period.
          if (!product.automaticallyApproved || product.id === GO_KART.productId)
            throw new ApiError(400, 'NOT_AUTOMATED', messages.errors.booking.notAutomated);
          return planReservation(product, user.id, { startTs: body.startTs, endTs: body.endTs, startMs, endMs }, now);
        },
      );
      return startPayment(payments, held, {
        userId: user.id,
        amountCents: held.totalCents,
        bank: body.payment.methodOptions.preferredProvider,
        locale: body.payment.methodOptions.preferredLocale,
        returnPath: `/public/rent-success?${new URLSearchParams({ name: body.name, hash: held.hash }).toString()}`,
      });
    },
  );

  /**
   * The pay form calls this on any error code (spec 4): the caller's held instant book of the
   * product is released. Idempotent, and a paid booking is never cancelled here.
   */
  app.post(
    '/reservations/product/:id/automated-with-payment/cancel',
    // No body at all is fine: the UI may call it with nothing but the product.
    { schema: { params: IdParam, body: AutomatedCancelRequest.nullish(), response: responses({ 200: OkResponse }) } },
    async (request) => {
      const user = requireUser(request);
      await booking.holds.cancelHeldAutomated({
        productId: request.params.id,
        renterId: user.id,
        hash: request.body?.reservationHash,
        now: app.clock.now(),
      });
      return { ok: true as const };
    },
  );

  /**
   * Spec 3/5 go-kart booking (product 229): slots of one day, riders 1–10, 20 € per slot per rider,
   * paid by bank link; the places are held while the payment runs and the database keeps every slot
   * at 10 riders at most.
   */
  app.post(
    '/reservations/gokart',
    { schema: { body: GokartRequest, response: responses({ 200: PaymentOrderToken }) } },
    async (request) => {
      const user = requireUser(request);
      assertMayBook(user.roles);
      const body = request.body;
      if (
        hasNul(
          body.personName,
          body.personPhone,
          body.payment.methodOptions.preferredProvider,
          body.payment.methodDisplay ?? '',
          ...body.riders,
        )
      ) {
        throw new ApiError(400, 'VALIDATION_ERROR', 'NUL character');
      }
      const now = app.clock.now();
      await app.bankLink.provider.assertListedBank(body.payment.methodOptions.preferredProvider, now);
      const track = await app.gokartRepository.track();
      if (track.ownerId === user.id) throw new ApiError(400, 'SELF_PRODUCT', messages.errors.booking.selfProduct);
      if (track.inactive) throw new ApiError(409, 'GOKART_CLOSED', messages.errors.booking.goKartClosed);
      const slots = planSlots(track, body.day, body.slots, now.getTime());
      const totalCents = gokartPriceCents(slots.length, body.riders.length);
      if (eurosToCents(body.payment.amount) !== totalCents)
        throw new ApiError(409, 'PAYMENT_AMOUNT_MISMATCH', messages.errors.booking.paymentAmountMismatch);
      const held = await booking.gokart.create({
        track,
        renterId: user.id,
        day: body.day,
        slots,
        riders: body.riders,
        personName: body.personName,
        personPhone: body.personPhone,
        totalCents,
        holdExpiresTs: holdExpiry(now),
        now,
      });
      return startPayment(payments, held, {
        userId: user.id,
        amountCents: totalCents,
        bank: body.payment.methodOptions.preferredProvider,
        locale: body.payment.methodOptions.preferredLocale,
        returnPath: `/public/raasilla-success?${new URLSearchParams({ name: body.personName, hash: held.hash }).toString()}`,
      });
    },
  );

  /** Spec 3 "Go-kart reservation by date" (public): the day's hours, bookings and riders per slot. */
  app.get('/reservations/by-day', { schema: { querystring: GokartDayQuery, response: responses({ 200: GokartDay }) } }, async (request) => {
    return booking.gokart.byDay(request.query.day);
  });
};
