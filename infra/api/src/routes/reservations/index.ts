import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from 'shared-kernel/messages';
import { FeeBreakdown, IdParam, NewReservationRequest, Reservation, ReservationProductParams } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { formatTallinn } from '../../lib/tallinn-time';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { assertMayBook, planReservation } from '../../services/availability/plan-reservation';
import { startStaleRequestJob } from '../../services/availability/stale-request-job';

/** Booking requests and their prices (issue 10, server core). */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.reservationRepository;
  startStaleRequestJob(app, repo);

  /** Spec 7 `POST /reservations/product/{id}` with the spec 8 error codes; 201 with the reservation. */
  app.post('/reservations/product/:id', { schema: { params: IdParam, body: NewReservationRequest, response: responses({ 201: Reservation }) } }, async (request, reply) => {
    const user = requireUser(request);
    assertMayBook(user.roles);
    const now = app.clock.now();
    const period = { startMs: Date.parse(request.body.startTs), endMs: Date.parse(request.body.endTs) };
    const created = await repo.create({ productId: request.params.id, renterId: user.id, now }, (product) =>
      planReservation(product, user.id, { ...request.body, ...period }, now),
    );
    await mailOwner(created.product.ownerId, {
      renter: [user.name, user.lastName].filter(Boolean).join(' '),
      product: created.product.name,
      start: formatTallinn(created.plan.startMs),
      end: formatTallinn(created.plan.endMs),
      link: `${app.config.publicSiteUrl}/auth/rent-completed?rental=${encodeURIComponent(created.hash)}`,
    });
    const reservation = await repo.findById(created.id);
    if (!reservation) throw new ApiError(500, 'INTERNAL_ERROR', 'Reservation vanished after insert');
    reply.status(201);
    return reservation;
  });

  /** The fee breakdown of a reservation, for its renter and its product's owner only. */
  app.get('/reservations/:id/product/:productId/price', { schema: { params: ReservationProductParams, response: responses({ 200: FeeBreakdown }) } }, async (request) => {
    const user = requireUser(request);
    const reservation = await repo.findForParty(request.params.id, user.id, request.params.productId);
    // Anyone else gets the same answer as for a missing reservation: ids are not to be probed.
    if (!reservation) throw new ApiError(404, 'NOT_FOUND', messages.errors.api.reservationNotFound);
    return reservation.price;
  });

  /** Mail is a courtesy after the commit: a failing mail server must not undo a booking. */
  async function mailOwner(ownerId: number, params: Record<string, string>): Promise<void> {
    try {
      const owner = await app.userRepository.findById(ownerId);
      if (!owner?.allowEmail) return;
      await app.outbox.send({
        to: owner.username,
        subject: format(messages.notifications.rentalRequestMailSubject, params),
        body: format(messages.notifications.rentalRequestMailBody, params),
      });
    } catch (error) {
      app.log.error({ err: error }, 'rental request mail failed');
    }
  }
};
