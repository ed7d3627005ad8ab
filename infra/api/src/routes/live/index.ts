import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LiveEvent } from 'shared-kernel/schemas';
import { requireUser } from '../../plugins/session';
import { mediaResponse, responses } from '../../schemas/responses';
import type { LiveStream } from '../../services/live/live-hub';

/**
 * `GET /live/events`: one server-sent-events stream per signed-in tab. `counts` on connect and
 * whenever the caller's unread counts may have changed, `message` when a message reaches one of
 * the caller's threads. Clients fall back to polling (UNREAD_POLL_MS) when it is unavailable.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.liveHub;

  app.get(
    '/live/events',
    // A stream lasts for hours: it must not hold a slot of the concurrency gate.
    { config: { priority: true }, schema: { response: responses({ 200: mediaResponse('Server-sent events: `data: <LiveEvent JSON>` lines', ['text/event-stream']) }) } },
    async (request, reply) => {
      const user = requireUser(request);
      const token = request.sessionToken as string;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
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
        send: (event: LiveEvent) => write(`data: ${JSON.stringify(event)}\n\n`),
        close: () => {
          if (!open) return;
          open = false;
          clearInterval(heartbeat);
          hub.remove(user.id, stream);
          raw.end();
        },
      };
      raw.on('close', () => stream.close());
      hub.add(user.id, stream);
      await hub.sendCounts(user.id).catch((error: unknown) => app.log.error({ err: error }, 'live counts failed'));
    },
  );
};
