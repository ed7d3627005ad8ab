import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import {
  BetweenUsersQuery,
  ChatHistory,
  ChatMessage,
  ChatPartyList,
  MessagingPartyParams,
  MessagingUserParams,
  WriteMessageRequest,
} from 'shared-kernel/schemas';
import { z } from 'zod';
import { RATE_LIMITS } from '../../plugins/abuse-limits';
import { ApiError, notFound } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';

const Ok = z.object({ ok: z.literal(true) });

/** `{id}` in a messaging path must be the caller: nobody reads or writes as someone else. */
export function requireSelf(request: Parameters<typeof requireUser>[0], id: number): number {
  const user = requireUser(request);
  if (user.id !== id) throw new ApiError(403, 'FORBIDDEN', messages.errors.request.forbidden);
  return user.id;
}

/** Spec 7 "Messages": a thread per pair of users; only its two parties read or write it. */
export const userMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.messageRepository;

  app.get(
    '/user-messages/user/:id/user-chats',
    { schema: { params: MessagingUserParams, response: responses({ 200: ChatPartyList }) } },
    async (request) => {
      return repo.listParties(requireSelf(request, request.params.id));
    },
  );

  app.get(
    '/user-messages/user/:id/count-chats',
    { schema: { params: MessagingUserParams, response: responses({ 200: z.number().int() }) } },
    async (request) => {
      const counts = await repo.unreadCounts(requireSelf(request, request.params.id));
      return counts.messages;
    },
  );

  app.get(
    '/user-messages/between-users/user/:id/party/:partyId',
    { schema: { params: MessagingPartyParams, querystring: BetweenUsersQuery, response: responses({ 200: ChatHistory }) } },
    async (request) => {
      const me = requireSelf(request, request.params.id);
      if (request.params.partyId === me) throw selfMessage();
      const history = await repo.history(me, request.params.partyId, request.query.limit);
      if (!history) throw notFound(messages.errors.api.userNotFound);
      return history;
    },
  );

  app.put(
    '/user-messages/user/:id/party/:partyId/seen',
    { schema: { params: MessagingPartyParams, response: responses({ 200: Ok }) } },
    async (request) => {
      const me = requireSelf(request, request.params.id);
      if (request.params.partyId === me) throw selfMessage();
      if (!(await repo.markSeen(me, request.params.partyId))) throw notFound('Vestlust ei leitud');
      return { ok: true as const };
    },
  );

  // Opening the message list marks every thread read (spec 4 "Polling"); a POST like the
  // notifications' mark-read, behind the CSRF check. Selecting a thread still marks it seen.
  app.post(
    '/user-messages/user/:id/mark-read',
    { schema: { params: MessagingUserParams, response: responses({ 200: Ok }) } },
    async (request) => {
      await repo.markAllSeen(requireSelf(request, request.params.id));
      return { ok: true as const };
    },
  );

  app.post(
    '/user-messages/user/:id/write',
    {
      config: { rateLimit: RATE_LIMITS.writeMessage },
      schema: { params: MessagingUserParams, body: WriteMessageRequest, response: responses({ 201: ChatMessage }) },
    },
    async (request, reply) => {
      const me = requireSelf(request, request.params.id);
      const { senderId, receiverId } = request.body.parentThread;
      if (senderId !== me && receiverId !== me) throw new ApiError(403, 'FORBIDDEN', messages.errors.request.forbidden);
      if (senderId === receiverId) throw selfMessage();
      const other = senderId === me ? receiverId : senderId;
      if ((await repo.partyName(other)) === null) throw notFound(messages.errors.api.userNotFound);
      const saved = await repo.write(me, other, request.body.message, app.clock.now());
      reply.status(201);
      return saved;
    },
  );
};

function selfMessage(): ApiError {
  return new ApiError(400, 'SELF_MESSAGE', messages.errors.messaging.selfMessage);
}
