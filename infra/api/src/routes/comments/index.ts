import type { FastifyPluginAsync } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { NewComment, ProductIdParam, type Comment } from 'shared-kernel/schemas';
import { notFound } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';
import { requireUser } from '../../plugins/session';
import { CommentRepository } from '../../repositories/comment-repository';

export const commentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = new CommentRepository(app.db);

  app.get('/comments/:productId', { schema: { params: ProductIdParam } }, async (request): Promise<Comment[]> => {
    const list = await repo.listForProduct(request.params.productId, request.user?.id ?? null);
    if (!list) throw notFound(messages.errors.api.productNotFound);
    return list;
  });

  app.post('/comments', { schema: { body: NewComment } }, async (request, reply): Promise<Comment> => {
    const user = requireUser(request);
    const created = await repo.add(
      { userId: user.id, productId: request.body.productId, comment: request.body.comment, parentId: request.body.parentId ?? null },
      app.clock.now(),
    );
    reply.status(201);
    return created;
  });
};
