import type { FastifyInstance } from 'fastify';

/** Delays between webhook attempts after the first (bounded, like a provider's retry schedule). */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

/**
 * How a provider reaches this API's notification URL, chosen in one place: over real HTTP at the
 * API's own address when it listens (`apiInternalUrl`), in-process (`app.inject`) otherwise
 * (tests, an app that does not listen). A URL outside this API is fetched as it is.
 */
export async function postNotification(app: FastifyInstance, url: string, body: unknown): Promise<boolean> {
  const publicBase = app.config.apiPublicUrl;
  const path = url.startsWith(`${publicBase}/`) ? url.slice(publicBase.length) : null;
  try {
    if (path !== null && !app.config.apiInternalUrl) {
      const res = await app.inject({ method: 'POST', url: path, payload: body as object });
      return res.statusCode >= 200 && res.statusCode < 300;
    }
    const target = path !== null ? `${app.config.apiInternalUrl}${path}` : url;
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    return res.ok;
  } catch (error) {
    app.log.warn({ err: error, url }, 'webhook delivery failed');
    return false;
  }
}

/**
 * Delivers a webhook: the first attempt now (awaited, so the usual case is applied before the
 * browser comes back), then retries with backoff in the background until a 2xx or the attempts
 * run out. Pending retries stop when the app closes.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly delaysMs: number[] = WEBHOOK_RETRY_DELAYS_MS,
  ) {
    app.addHook('onClose', async () => {
      this.closed = true;
      for (const t of this.timers) clearTimeout(t);
      this.timers.clear();
    });
  }

  async send(url: string, body: unknown): Promise<boolean> {
    if (await postNotification(this.app, url, body)) return true;
    this.retry(url, body, 0);
    return false;
  }

  private retry(url: string, body: unknown, attempt: number): void {
    if (this.closed || attempt >= this.delaysMs.length) {
      if (!this.closed) this.app.log.error({ url }, 'webhook gave up after retries');
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      void postNotification(this.app, url, body).then((ok) => {
        if (!ok) this.retry(url, body, attempt + 1);
      });
    }, this.delaysMs[attempt]);
    timer.unref();
    this.timers.add(timer);
  }
}
