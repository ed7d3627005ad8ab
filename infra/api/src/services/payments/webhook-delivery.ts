import type { FastifyInstance } from 'fastify';

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
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch (error) {
    app.log.warn({ err: error, url }, 'webhook delivery failed');
    return false;
  }
}

/** The `webhook.deliver` job: one POST; a refusal throws, so the queue retries it with backoff. */
export async function deliverWebhookJob(app: FastifyInstance, payload: unknown): Promise<void> {
  const { url, body } = payload as { url: string; body: unknown };
  if (typeof url !== 'string') throw new Error('webhook job without a url');
  if (!(await postNotification(app, url, body))) throw new Error(`webhook to ${url} was not accepted`);
}
