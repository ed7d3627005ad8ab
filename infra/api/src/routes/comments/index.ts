import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { Comment, CommentList, NewComment, ProductIdParam } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import { RATE_LIMITS } from '../../plugins/abuse-limits';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.commentRepository;

  app.get('/comments/:productId', { schema: { params: ProductIdParam, response: responses({ 200: CommentList }) } }, async (request) => {
    const list = await repo.listForProduct(request.params.productId, request.user?.id ?? null);
    if (!list) throw notFound(messages.errors.api.productNotFound);
    return list;
  });

  app.post(
    '/comments',
    { config: { rateLimit: RATE_LIMITS.comment }, schema: { body: NewComment, response: responses({ 201: Comment }) } },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await repo.add(
        { userId: user.id, productId: request.body.productId, comment: request.body.comment, parentId: request.body.parentId ?? null },
        app.clock.now(),
      );
      reply.status(201);
      return created;
    },
  );
};
