import { guardOf, list, nullable, num, obj, oneOf, optional, str, unknownValue, type Guard } from '../guards/checks';
import type { envelopeSchema, eventSchemas } from './event-schemas';
import type { z } from 'shared-kernel/zod';

// The event bus's checks without zod: the shell emits and hears events (the session, unread counts)
// before its first paint, and the page's zod comes only with a page that needs it (issue 28).
// event-guards.test.ts holds each equal to its schema in event-schemas.ts.

/** `sessionUserEventSchema`: loose on purpose (another kernel version may send more fields). */
const sessionUserEvent = obj({ id: num(), username: str(), roles: list(str()) }, true);

export const eventGuards: { [N in keyof typeof eventSchemas]: Guard<z.output<(typeof eventSchemas)[N]>> } = {
  'session-changed': guardOf(obj({ user: nullable(sessionUserEvent) })),
  notice: guardOf(
    obj({
      type: oneOf(['success', 'info', 'warning', 'error']),
      message: str({ min: 1 }),
      durationMs: optional(num({ int: true, positive: true })),
    }),
  ),
  'unread-counts-changed': guardOf(obj({ messages: num({ int: true, min: 0 }), notifications: num({ int: true, min: 0 }) })),
  'reservation-changed': guardOf(obj({ reservationId: num({ int: true }), status: str({ min: 1 }) })),
};

/** The envelope every version must understand; unknown fields are kept. */
export const envelopeGuard: Guard<z.output<typeof envelopeSchema>> = guardOf(
  obj({ version: num({ int: true, positive: true }), source: str(), payload: unknownValue }, true),
);
