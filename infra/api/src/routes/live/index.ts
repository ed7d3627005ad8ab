import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LiveEvent } from 'shared-kernel/schemas';
import { z } from 'zod';
import { sha256 } from '../../lib/tokens';
import { requireUser } from '../../plugins/session';
import { mediaResponse, responses } from '../../schemas/responses';
import type { LiveStream } from '../../services/live/live-hub';

// An event id is a message id (a PostgreSQL integer), as the browser echoes it back.
const EventId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647);
const LiveQuery = z.object({ lastEventId: EventId.optional() });

/**
 * `GET /live/events`: one server-sent-events stream per signed-in tab. `counts` on connect and
 * whenever the caller's unread counts may have changed, `message` when a message reaches one of
 * the caller's threads. Clients fall back to polling (UNREAD_POLL_MS) when it is unavailable.
 *
 * Every message event carries the message's id as its SSE id. A browser reconnecting sends the
 * last one it saw (`Last-Event-ID`, or `?lastEventId=` when the page opens a new stream itself)
 * and first gets the messages it missed, so a dropped stream or a restarted replica loses nothing.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.liveHub;

  app.get(
    '/live/events',
    // A stream lasts for hours: it must not hold a slot of the concurrency gate.
    {
      config: { priority: true },
      schema: {
        querystring: LiveQuery,
        response: responses({
          200: mediaResponse('Server-sent events: `id: <message id>` and `data: <LiveEvent JSON>` lines', ['text/event-stream']),
        }),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const token = request.sessionToken as string;
      // A malformed header is a browser's or a proxy's mistake: the stream starts afresh instead of failing.
      const header = EventId.safeParse(request.headers['last-event-id']);
      const resumeFrom = header.success ? header.data : request.query.lastEventId;
      const latest = await app.messageRepository.latestMessageId(user.id);
      // A position past the newest message (a browser that kept an id across a database restore)
      // would hide every new message until it was passed: such a stream starts at the newest.
      const position = resumeFrom === undefined ? latest : Math.min(resumeFrom, latest);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
        // A hijacked reply skips the onSend hooks: name the replica here, as every other answer does.
        ...(app.config.instanceId ? { 'x-api-instance': app.config.instanceId } : {}),
      });
      raw.write('retry: 3000\n\n');
      let open = true;
      const write = (text: string) => {
        if (open && !raw.writableEnded) raw.write(text);
      };
      // Proxies close idle connections: a comment line keeps the stream open. A stream outlives
      // neither a log-out nor the session's idle end: the session is checked at the same beat
      // (without counting as activity, so an open tab does not keep a session alive).
      const heartbeat = setInterval(() => {
        write(': keep-alive\n\n');
        app.sessionRepository.isActive(token, app.clock.now()).then(
          (active) => {
            if (!active) stream.close();
          },
          (error: unknown) => app.log.error({ err: error }, 'live session check failed'),
        );
      }, app.config.liveHeartbeatMs);
      heartbeat.unref();
      const stream: LiveStream = {
        sessionId: sha256(token),
        position,
        send: (event: LiveEvent, id?: number) => {
          if (id !== undefined && id > stream.position) stream.position = id;
          // Every event names the position, so the browser's Last-Event-ID is always where it is.
          write(`id: ${stream.position}\ndata: ${JSON.stringify(event)}\n\n`);
        },
        close: (retryMs?: number) => {
          if (!open) return;
          if (retryMs !== undefined) write(`retry: ${retryMs}\n\n`);
          open = false;
          clearInterval(heartbeat);
          hub.remove(user.id, stream);
          raw.end();
        },
      };
      raw.on('close', () => stream.close());
      hub.add(user.id, stream);
      try {
        if (resumeFrom !== undefined) await hub.replay(user.id, stream);
        await hub.sendCounts(user.id);
      } catch (error) {
        app.log.error({ err: error }, 'live counts failed');
      }
    },
  );
};
