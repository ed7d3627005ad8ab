import { z } from 'shared-kernel/zod';
import { sessionUserEventSchema } from '../session/session-user';

/**
 * The events' wire contract (see event-bus.ts): add optional fields only. The payload types come
 * from these; the bus itself checks with event-guards.ts, held equal to these by a test.
 */
export const eventSchemas = {
  'session-changed': z.object({ user: sessionUserEventSchema.nullable() }),
  notice: z.object({
    type: z.enum(['success', 'info', 'warning', 'error']),
    message: z.string().min(1),
    durationMs: z.number().int().positive().optional(),
  }),
  'unread-counts-changed': z.object({
    messages: z.number().int().nonnegative(),
    notifications: z.number().int().nonnegative(),
  }),
  'reservation-changed': z.object({
    reservationId: z.number().int(),
    status: z.string().min(1),
  }),
} as const;

// Only what every version must understand; unknown envelope fields are tolerated.
export const envelopeSchema = z.looseObject({
  version: z.number().int().positive(),
  source: z.string(),
  payload: z.unknown(),
});
