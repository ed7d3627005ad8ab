import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationUserParams, UserNotificationList } from 'shared-kernel/schemas';
import { z } from 'zod';
import { responses } from '../../schemas/responses';
import { requireSelf } from '../user-messages';

/** Spec 7 "Notifications"; mark-read is a POST (behind the CSRF check), not the spec's GET. */
export const userNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.notificationRepository;

  app.get(
    '/user-notifications/user/:userId',
    { schema: { params: NotificationUserParams, response: responses({ 200: UserNotificationList }) } },
    async (request) => {
      return repo.list(requireSelf(request, request.params.userId));
    },
  );

  app.get(
    '/user-notifications/user/:userId/count',
    { schema: { params: NotificationUserParams, response: responses({ 200: z.number().int() }) } },
    async (request) => {
      return repo.countUnread(requireSelf(request, request.params.userId));
    },
  );

  app.post(
    '/user-notifications/user/:userId/mark-read',
    { schema: { params: NotificationUserParams, response: responses({ 200: z.object({ ok: z.literal(true) }) }) } },
    async (request) => {
      await repo.markAllRead(requireSelf(request, request.params.userId));
      return { ok: true as const };
    },
  );
};
