import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from 'shared-kernel/messages/server';
import { Feedback, FeedbackList, NewFeedback, NewProblemReport, ProblemReport, ProductIdParam } from 'shared-kernel/schemas';
import { ApiError, notFound } from '../../lib/api-error';
import { RATE_LIMITS } from '../../plugins/abuse-limits';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { notifyUser } from '../../services/live/notify-user';

/** Reviews and complaints. `POST /feedback/contactus` belongs to the contact-us routes. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.feedbackRepository;

  /** The body names the user (spec payload); it must be the signed-in one. */
  const sameUser = (sessionUserId: number, bodyUserId: number) => {
    if (sessionUserId !== bodyUserId) throw new ApiError(403, 'FORBIDDEN', 'userId ei vasta sisselogitud kasutajale.');
  };

  app.get('/feedback/:productId', { schema: { params: ProductIdParam, response: responses({ 200: FeedbackList }) } }, async (request) => {
    const list = await repo.listForProduct(request.params.productId);
    if (!list) throw notFound(messages.errors.api.productNotFound);
    return list;
  });

  app.post(
    '/feedback',
    { config: { rateLimit: RATE_LIMITS.feedback }, schema: { body: NewFeedback, response: responses({ 201: Feedback }) } },
    async (request, reply) => {
      const user = requireUser(request);
      sameUser(user.id, request.body.userId);
      const saved = await repo.add({ ...request.body, userId: user.id }, app.clock.now());
      const product = await app.notificationRepository.productOwner(saved.productId);
      if (product) {
        await notifyUser(app, {
          userId: product.ownerId,
          type: 'FEEDBACK',
          message: format(messages.notifications.feedbackReceived, { product: product.product, rating: saved.rating }),
          referenceList: [{ type: 'PRODUCT', referenceId: saved.productId }],
        });
      }
      reply.status(201);
      return saved;
    },
  );

  app.post(
    '/feedback/problem',
    { config: { rateLimit: RATE_LIMITS.feedback }, schema: { body: NewProblemReport, response: responses({ 201: ProblemReport }) } },
    async (request, reply) => {
      const user = requireUser(request);
      sameUser(user.id, request.body.userId);
      const { kind, contractId } = request.body;
      // A report of one of the terms' kinds on the owner's contract is a complaint (issue 31): the
      // contract goes APPEALED first, so a refused dispute stores no report.
      if (kind !== undefined) {
        if (contractId == null) throw new ApiError(409, 'INVALID_STATUS', messages.errors.operator.disputeNotAllowed);
        if (!request.body.comment.trim()) throw new ApiError(400, 'EMPTY_PROBLEM', messages.errors.api.emptyProblem);
        await app.operator.disputes.openByOwner({ contractId, userId: user.id, kind, comment: request.body.comment, now: app.clock.now() });
      }
      const saved = await repo.addProblem(
        { ...request.body, userId: user.id, contractId: request.body.contractId ?? null },
        app.clock.now(),
      );
      reply.status(201);
      return saved;
    },
  );
};
