import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import {
  AcceptRequest,
  CancelByHashAnswer,
  CancelByHashQuery,
  ContractByHash,
  ContractInfo,
  CountAnswer,
  DeclineQuery,
  FeeBreakdown,
  IdParam,
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
import { eurosToCents } from '../../lib/money';
import { paidBookingRoutes } from './paid-bookings';

/** Booking requests and their prices (issue 10, server core). */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const booking = app.bookingService;
  await app.register(paidBookingRoutes);

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
};
