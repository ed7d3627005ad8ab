import type { EventName } from './event-bus';

/**
 * Each event's payload contract version, published with every slice that emits or listens to it
 * (ADR 0039). Raise one only for a breaking change of its schema in event-bus.ts (a field removed,
 * renamed or retyped): the publish gate then refuses an emitter whose version a live listener does
 * not share, and a listener whose version a live emitter does not send. Read at build time only
 * (infra/scripts/slices.mjs), so it is in no bundle.
 */
export const eventVersions: { readonly [N in EventName]: number } = {
  'session-changed': 1,
  notice: 1,
  'unread-counts-changed': 1,
  'reservation-changed': 1,
};
