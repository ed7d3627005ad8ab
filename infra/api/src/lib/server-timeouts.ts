import type http from 'node:http';

/**
 * The HTTP server's timeouts (issue 29), set explicitly instead of Node's defaults, under which a
 * client sending its headers a byte at a time held a connection for a minute and more.
 */
export interface ServerTimeouts {
  /** All request headers must have arrived within this (Node's default: 60 s). */
  headersMs: number;
  /** The whole request, body included, within this: uploads of 4 × 9.9 MB on a slow line fit. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this; longer than the shell proxy's own idle time. */
  keepAliveMs: number;
  /** How often Node looks for connections past the two limits above (its default: 30 s). */
  checkIntervalMs: number;
}

/** The production values: a slow-header client is cut off within headersMs + checkIntervalMs = 11 s. */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 120_000, keepAliveMs: 5_000, checkIntervalMs: 1_000 };

/** Fastify's options that carry them (`http` goes to `http.createServer`). */
export function fastifyTimeoutOptions(t: ServerTimeouts) {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}

/** The same on a plain Node server (the check interval is a createServer option: pass it there). */
export function applyServerTimeouts(server: http.Server, t: ServerTimeouts): void {
  server.headersTimeout = t.headersMs;
  server.requestTimeout = t.requestMs;
  server.keepAliveTimeout = t.keepAliveMs;
}
