import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from 'shared-kernel/messages';
import { validationError } from '../lib/api-error';

// NUL and the other C0 controls (and DEL) have no place in any text a person types; PostgreSQL
// refuses NUL in text outright. Tab, newline and carriage return are text in a body (a message,
// a description), never in a path or a query.
const BODY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const URL_CONTROL = /[\u0000-\u001F\u007F]/;
const MAX_DEPTH = 20;

/** Where in the value the first forbidden character sits ('' = the value itself), or null. */
export function findControlCharacter(value: unknown, pattern: RegExp, at = '', depth = 0): string | null {
  if (typeof value === 'string') return pattern.test(value) ? at : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // Uploaded files and streams are bytes, not text.
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const path = at ? `${at}.${key}` : key;
    if (pattern.test(key)) return path;
    const found = findControlCharacter(item, pattern, path, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Safe answers for every route, present and future: control characters refused with 400 before
 * any handler sees them, and headers that keep JSON from being sniffed, framed or cached.
 */
/** The body check, for a route that parses its own body after the hooks ran (a text/plain JSON beacon). */
export function refuseBodyControlCharacters(body: unknown): void {
  const where = findControlCharacter(body, BODY_CONTROL, 'body');
  if (where !== null) throw validationError(`${where}: ${messages.errors.request.controlCharacters}`);
}

const securityPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    const where =
      findControlCharacter(request.params, URL_CONTROL, 'params') ??
      findControlCharacter(request.query, URL_CONTROL, 'query') ??
      findControlCharacter(request.body, BODY_CONTROL, 'body');
    if (where !== null) throw validationError(`${where}: ${messages.errors.request.controlCharacters}`);
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    // A route that serves public media to other sites (product images in the owner widget) says so itself.
    if (!reply.hasHeader('cross-origin-resource-policy')) reply.header('cross-origin-resource-policy', 'same-site');
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      // The API answers data; a page of its own (the docs, the sandbox outbox) sets its own policy.
      if (!type.startsWith('text/html')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      else reply.header('content-security-policy', "frame-ancestors 'none'");
    }
    // Answers carry personal data (balance, IBAN, messages) unless a route says otherwise.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
};

export const security = fp(securityPlugin, { name: 'security' });
