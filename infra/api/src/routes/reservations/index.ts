import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import {
  AcceptRequest,
  AutomatedCancelRequest,
  AutomatedReservationRequest,
  CancelByHashAnswer,
  CancelByHashQuery,
  ContractByHash,
  ContractInfo,
  CountAnswer,
  DeclineQuery,
  FeeBreakdown,
  GokartDay,
  GokartDayQuery,
  GokartRequest,
  IdParam,
  OkResponse,
  PaymentOrderToken,
  ManualRentAnswer,
  ManualRentRequest,
  NewReservationRequest,
  Reservation,
  ReservationHashParams,
  ReservationList,
  ReservationListQuery,
  ReservationProductParams,
  ReservationUserDetails,
  UpdateAdditionalServices,
} from 'shared-kernel/schemas';
import { GO_KART, ROLES } from 'shared-kernel/domain';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { assertMayBook, periodError, planReservation } from '../../services/availability/plan-reservation';
import { checkPeriod } from '../../services/availability/period-rules';
import { holdExpiry, registerReservationSettlement } from '../../services/availability/payment-hold';
import { gokartPriceCents, planSlots } from '../../services/gokart/slots';
import type { PaymentOrders } from '../../services/payments/order-port';
import { eurosToCents } from '../../lib/money';

/** Booking requests and their prices (issue 10, server core). */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const booking = app.bookingService;
  const payments = app.paymentOrders;
  registerReservationSettlement(payments, booking.holds);

  /** Spec 7 `POST /reservations/product/{id}` with the spec 8 error codes; 201 with the reservation. */
  app.post(
    '/reservations/product/:id',
    { schema: { params: IdParam, body: NewReservationRequest, response: responses({ 201: Reservation }) } },
    async (request, reply) => {
      const user = requireUser(request);
      assertMayBook(user.roles);
      // The track is booked by slots and riders (POST /reservations/gokart), never as a day rental.
      if (request.params.id === GO_KART.productId) throw new ApiError(400, 'UNAVAILABLE', messages.errors.booking.goKartBySlots);
      const now = app.clock.now();
      const period = { startMs: Date.parse(request.body.startTs), endMs: Date.parse(request.body.endTs) };
      const renterName = [user.name, user.lastName].filter(Boolean).join(' ');
      const created = await booking.requests.create({ productId: request.params.id, renterId: user.id, renterName, now }, (product) =>
        planReservation(product, user.id, { ...request.body, ...period }, now),
      );
      const reservation = await booking.findById(created.id);
      if (!reservation) throw new ApiError(500, 'INTERNAL_ERROR', 'Reservation vanished after insert');
      reply.status(201);
      return reservation;
    },
  );

  /**
   * Spec 7 manual rent (owner spec 2 "Time management"): the owner records an off-platform rent that
   * holds the product's time like a booking, on the same calendar rules. Only the product's owner;
   * anyone else signed in gets the answer of a missing product.
   */
  app.post(
    '/reservations/product/:id/manual',
    { schema: { params: IdParam, body: ManualRentRequest, response: responses({ 201: ManualRentAnswer }) } },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.roles.includes(ROLES.needsId))
        throw new ApiError(403, 'FORBIDDEN', messages.errors.api.addProductNeedsVerification, ['IDENTITY_NOT_VERIFIED']);
      const body = request.body;
      if ([body.personName, body.personPhone].some((v) => v.includes('\u0000')))
        throw new ApiError(400, 'VALIDATION_ERROR', 'NUL character');
      const now = app.clock.now();
      const startMs = Date.parse(body.startTs);
      const endMs = Date.parse(body.endTs);
      const created = await booking.manual.create(
        {
          productId: request.params.id,
          ownerId: user.id,
          incomeCents: eurosToCents(body.income),
          startMs,
          endMs,
          personName: body.personName,
          personPhone: body.personPhone,
          now,
        },
        (product) => {
          if (product.deleted) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
          if (product.inactive) throw new ApiError(409, 'UNAVAILABLE', messages.errors.api.productInactive, ['PRODUCT_INACTIVE']);
          const refusal = checkPeriod(product, startMs, endMs, now.getTime());
          if (refusal) throw periodError(refusal);
        },
      );
      if (!created) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.productNotFound);
      reply.status(201);
      return answer(created.id);
    },
  );

  /** The fee breakdown of a reservation, for its renter and its product's owner only. */
  app.get(
    '/reservations/:id/product/:productId/price',
    { schema: { params: ReservationProductParams, response: responses({ 200: FeeBreakdown }) } },
    async (request) => {
      const user = requireUser(request);
      const reservation = await booking.findForParty(request.params.id, user.id, request.params.productId);
      // Anyone else gets the same answer as for a missing reservation: ids are not to be probed.
      if (!reservation) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.reservationNotFound);
      return reservation.price;
    },
  );

  const reservationNotFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.api.reservationNotFound);

  /** The reservation after a transition, as the caller (one of its parties) now sees it. */
  async function answer(id: number): Promise<Reservation> {
    const reservation = await booking.findById(id);
    if (!reservation) throw reservationNotFound();
    return reservation;
  }

  /** The caller's reservations as owner, renter or either (`statuses` filters). */
  app.get(
    '/reservations',
    { schema: { querystring: ReservationListQuery, response: responses({ 200: ReservationList }) } },
    async (request) => {
      const user = requireUser(request);
      return booking.listForUser(user.id, request.query.as, request.query.statuses);
    },
  );

  /** How many requests wait for the caller's answer on the caller's products. */
  app.get('/reservations/count', { schema: { response: responses({ 200: CountAnswer }) } }, async (request) => {
    const user = requireUser(request);
    return booking.countRequestedForOwner(user.id);
  });

  /** The rental request page's reservation; a stale REQUESTED one is declined by the system first. */
  app.get(
    '/reservations/hash/:hash',
    { schema: { params: ReservationHashParams, response: responses({ 200: Reservation }) } },
    async (request) => {
      const user = requireUser(request);
      const reservation = await booking.findByHashForParty(request.params.hash, user.id, app.clock.now());
      if (!reservation) throw reservationNotFound();
      return reservation;
    },
  );

  app.get(
    '/reservations/hash/:hash/contract',
    { schema: { params: ReservationHashParams, response: responses({ 200: ContractByHash.nullable() }) } },
    async (request) => {
      const user = requireUser(request);
      const contract = await app.contractService.byHash(request.params.hash, user.id);
      if (contract === undefined) throw reservationNotFound();
      return contract;
    },
  );

  app.get(
    '/reservations/:id/contract',
    { schema: { params: IdParam, response: responses({ 200: ContractInfo.nullable() }) } },
    async (request) => {
      const user = requireUser(request);
      const contract = await app.contractService.infoByReservation(request.params.id, user.id);
      if (contract === undefined) throw reservationNotFound();
      return contract;
    },
  );

  app.get(
    '/reservations/user-details/:id',
    { schema: { params: IdParam, response: responses({ 200: ReservationUserDetails }) } },
    async (request) => {
      const user = requireUser(request);
      const details = await booking.userDetails(request.params.id, user.id);
      if (!details) throw reservationNotFound();
      return details;
    },
  );

  for (const [path, paidLater] of [
    ['/reservations/accept/:id', false],
    ['/reservations/accept-paid-later/:id', true],
  ] as const) {
    /** The owner accepts a request: the reservation is ACCEPTED and its contract written (PENDING_PAYMENT, or ACCEPTED when paid later). */
    app.put(path, { schema: { params: IdParam, body: AcceptRequest, response: responses({ 200: Reservation }) } }, async (request) => {
      const user = requireUser(request);
      // PostgreSQL text cannot hold NUL; refuse it as input rather than fail on the write.
      if (request.body.acceptedText.includes('\u0000')) throw new ApiError(400, 'VALIDATION_ERROR', 'acceptedText: NUL character');
      const done = await booking.requests.accept({
        id: request.params.id,
        ownerId: user.id,
        ...request.body,
        paidLater,
        now: app.clock.now(),
      });
      return answer(done.reservationId);
    });
  }

  app.put(
    '/reservations/decline/:id',
    { schema: { params: IdParam, querystring: DeclineQuery, response: responses({ 200: Reservation }) } },
    async (request) => {
      const user = requireUser(request);
      await booking.requests.decline({ id: request.params.id, ownerId: user.id, reason: request.query.reason, now: app.clock.now() });
      return answer(request.params.id);
    },
  );

  app.put('/reservations/cancel/:id', { schema: { params: IdParam, response: responses({ 200: Reservation }) } }, async (request) => {
    const user = requireUser(request);
    await booking.requests.cancelByRenter({ id: request.params.id, renterId: user.id, now: app.clock.now() });
    return answer(request.params.id);
  });

  app.put(
    '/reservations/additional-services/:id',
    { schema: { params: IdParam, body: UpdateAdditionalServices, response: responses({ 200: Reservation }) } },
    async (request) => {
      const user = requireUser(request);
      await booking.requests.updateServices({
        id: request.params.id,
        renterId: user.id,
        serviceIds: request.body.additionalService,
        now: app.clock.now(),
      });
      return answer(request.params.id);
    },
  );

  /**
   * The manual rent's cancel page (spec 2.11), open to anyone holding the link: the hash and the
   * person's name together are the key, and a wrong name answers exactly like an unknown hash.
   */
  app.get(
    '/reservations/cancel/hash/:hash',
    { schema: { params: ReservationHashParams, querystring: CancelByHashQuery, response: responses({ 200: CancelByHashAnswer }) } },
    async (request) => {
      const found = await booking.manual.findByHash(request.params.hash, request.query.name);
      if (!found) throw reservationNotFound();
      return found;
    },
  );

  app.put(
    '/reservations/cancel/hash/:hash',
    { schema: { params: ReservationHashParams, querystring: CancelByHashQuery, response: responses({ 200: CancelByHashAnswer }) } },
    async (request) => {
      const done = await booking.manual.cancelByHash(request.params.hash, request.query.name, app.clock.now());
      if (!done) throw reservationNotFound();
      return done.answer;
    },
  );

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
