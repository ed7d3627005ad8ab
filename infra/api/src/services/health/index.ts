import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { runWithDatabasePriority, type Db } from '../../db/database';
import { applyServerTimeouts, type ServerTimeouts } from '../../lib/server-timeouts';

/** How long readiness waits for the database before it says 'not ready' (a probe's own timeout is longer). */
export const READY_DB_TIMEOUT_MS = 1_000;

/** Whether the database answers `select 1` within READY_DB_TIMEOUT_MS (in its priority lane). */
export async function databaseReady(db: Db, timeoutMs = READY_DB_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([runWithDatabasePriority(() => db.execute(sql`select 1`)).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const HEALTH_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * The health checks on a port of their own (`HEALTH_PORT`, what the Kubernetes probes use): a
 * plain Node server beside Fastify, so a probe never waits in the accept queue, the routing or the
 * hooks behind hundreds of visitors' requests. The answers are those of the API's own `/health*`.
 * The caller closes it (`closeHealthServer`) when the app closes.
 */
export async function startHealthServer(
  app: FastifyInstance,
  { port, host, timeouts }: { port: number; host: string; timeouts: ServerTimeouts },
): Promise<http.Server> {
  const server = http.createServer({ connectionsCheckingInterval: timeouts.checkIntervalMs }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, body: object) => {
      res.writeHead(status, { ...HEALTH_HEADERS, ...(app.config.instanceId ? { 'x-api-instance': app.config.instanceId } : {}) });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, { statusCode: 405, code: 'METHOD_NOT_ALLOWED', message: 'GET', codes: ['METHOD_NOT_ALLOWED'] });
    if (path === '/health' || path === '/health/live') return send(200, { ok: true });
    if (path === '/health/ready') {
      void (app.lifecycle.draining ? Promise.resolve(false) : databaseReady(app.db)).then((ready) =>
        ready
          ? send(200, { ok: true })
          : send(503, { statusCode: 503, code: 'NOT_READY', message: messages.errors.abuse.notReady, codes: ['NOT_READY'] }),
      );
      return;
    }
    return send(404, { statusCode: 404, code: 'NOT_FOUND', message: messages.errors.request.noRoute, codes: ['NOT_FOUND'] });
  });
  applyServerTimeouts(server, timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  app.log.info(`health checks on http://${host}:${(server.address() as AddressInfo).port}`);
  return server;
}

export async function closeHealthServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
