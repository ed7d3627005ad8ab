import type { FastifyPluginAsync } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { NewFeedback, NewProblemReport, ProductIdParam, type Feedback, type ProblemReport } from 'shared-kernel/schemas';
import { ApiError, notFound } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';
import { requireUser } from '../../plugins/session';
import { FeedbackRepository } from '../../repositories/feedback-repository';

/** Reviews and complaints. `POST /feedback/contactus` belongs to the contact-us routes. */
export const feedbackRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new FeedbackRepository(app.db);

  /** The body names the user (spec payload); it must be the signed-in one. */
  const sameUser = (sessionUserId: number, bodyUserId: number) => {
    if (sessionUserId !== bodyUserId) throw new ApiError(403, 'FORBIDDEN', 'userId ei vasta sisselogitud kasutajale.');
  };

  app.get('/feedback/:productId', { schema: { params: ProductIdParam } }, async (request): Promise<Feedback[]> => {
    const list = await repo.listForProduct(request.params.productId);
    if (!list) throw notFound(messages.errors.api.productNotFound);
    return list;
  });

  app.post('/feedback', { schema: { body: NewFeedback } }, async (request, reply): Promise<Feedback> => {
    const user = requireUser(request);
    sameUser(user.id, request.body.userId);
    const saved = await repo.add({ ...request.body, userId: user.id }, app.clock.now());
    reply.status(201);
    return saved;
  });

  app.post('/feedback/problem', { schema: { body: NewProblemReport } }, async (request, reply): Promise<ProblemReport> => {
    const user = requireUser(request);
    sameUser(user.id, request.body.userId);
    const saved = await repo.addProblem({ ...request.body, userId: user.id, contractId: request.body.contractId ?? null }, app.clock.now());
    reply.status(201);
    return saved;
  });
};
