/** A provider answered with an HTTP status the client has no meaning for (start fails with 503). */
export class ProviderHttpError extends Error {
  constructor(readonly status: number, readonly path: string) {
    super(`Identity provider answered ${status} to ${path}`);
  }
}

/** JSON over HTTP to a provider's REST API, with a deadline; the answer's status is the caller's to judge. */
export async function providerJson(
  baseUrl: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
    method: init.method,
    headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json; charset=UTF-8' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
