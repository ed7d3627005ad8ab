import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether this replica is on its way out: readiness then says no, so no new visitor is sent here. */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export const lifecycle = fp(
  async (app) => {
    let draining = false;
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    } satisfies Lifecycle);
    // A kept-alive connection whose request was still running when the server stopped listening
    // would hold the exit until its keep-alive timeout: while draining, every answer closes its
    // connection (and tells a proxy's pool not to reuse it).
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle' },
);

export interface ShutdownOptions {
  /**
   * How long the replica keeps serving after it stopped being ready: long enough for whatever
   * routes to it (Kubernetes endpoints, the shell's upstream check) to stop sending new requests.
   */
  delayMs: number;
  /** After this the process gives up on requests still running (Kubernetes' grace period is longer). */
  timeoutMs: number;
}

/**
 * A graceful stop (SIGTERM): not ready at once, still serving for `delayMs`, then Fastify stops
 * accepting connections, the live streams end with a short retry hint (the browser reconnects to
 * another replica and replays from its Last-Event-ID), requests in flight finish, and the
 * database closes. Resolves false when `timeoutMs` passed first.
 */
export async function shutDown(app: FastifyInstance, { delayMs, timeoutMs }: ShutdownOptions): Promise<boolean> {
  app.lifecycle.drain();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const stop = (async () => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await app.close();
    return true as const;
  })();
  try {
    return await Promise.race([stop, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
