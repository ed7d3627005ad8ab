import { useEffect, useRef } from 'react';
import type { z } from 'shared-kernel/zod';
import type { SessionUser } from '../session/session-user';
import type { eventSchemas } from './event-schemas';
import { envelopeGuard, eventGuards } from './event-guards';

/**
 * Events ride on `window` CustomEvents rather than on an in-memory emitter because two slices may
 * each bundle their own copy of the kernel (version skew); `window` is the one thing they share.
 * That makes the envelope and the payload shapes a wire contract: add optional fields only, and
 * bump ENVELOPE_VERSION only for a breaking change.
 */
export const EVENT_PREFIX = 'rendime:';
export const ENVELOPE_VERSION = 1;

// The payloads' zod schemas are event-schemas.ts (the types come from them); the bus checks with
// the zod-free guards held equal to them (event-guards.test.ts), since the shell emits and hears
// events before the first paint, when the page has no zod (issue 28).

export type EventName = keyof typeof eventSchemas;

type Inferred = { [N in EventName]: z.infer<(typeof eventSchemas)[N]> };

/**
 * The payload of each event, from the schemas above (written once, ADR 0036). Only the session's
 * user is narrowed: the wire schema accepts the loose shape other kernel versions send.
 */
export type EventPayloads = Omit<Inferred, 'session-changed'> & { 'session-changed': { user: SessionUser | null } };

export type NoticeType = EventPayloads['notice']['type'];

export interface EventMeta {
  /** Id of the kernel copy that emitted the event. */
  source: string;
  /** True when this very copy of the kernel emitted it. */
  local: boolean;
}

export type EventHandler<N extends EventName> = (payload: EventPayloads[N], meta: EventMeta) => void;

interface Envelope {
  version: number;
  source: string;
  payload: unknown;
}

/** Identifies this copy of the kernel, so a store can tell its own echoes from another copy's news. */
export const INSTANCE_ID = `k${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;

// A global-registry symbol is the same across bundles, so the last value is shared by every copy.
const LAST_KEY = Symbol.for('rendime.events.last');

type LastStore = Partial<Record<string, Envelope>>;

function lastStore(): LastStore | undefined {
  if (typeof window === 'undefined') return undefined;
  const host = window as unknown as Record<symbol, LastStore | undefined>;
  host[LAST_KEY] ??= {};
  return host[LAST_KEY];
}

// Late-mounting slices need the current value of state-like events, not just future changes.
const STICKY: ReadonlySet<EventName> = new Set<EventName>(['session-changed', 'unread-counts-changed']);

export function eventType(name: EventName): string {
  return `${EVENT_PREFIX}${name}`;
}

function parsePayload<N extends EventName>(name: N, payload: unknown, direction: 'emit' | 'receive'): EventPayloads[N] | undefined {
  const result = eventGuards[name].safeParse(payload);
  if (!result.success) {
    console.warn(`[rendime events] dropped invalid "${name}" event on ${direction}`, result.error.paths);
    return undefined;
  }
  return result.data as EventPayloads[N];
}

/** Validates and broadcasts an event. Returns false (and warns) when the payload is invalid. */
export function emit<N extends EventName>(name: N, payload: EventPayloads[N]): boolean {
  const valid = parsePayload(name, payload, 'emit');
  if (valid === undefined || typeof window === 'undefined') return false;
  const envelope: Envelope = { version: ENVELOPE_VERSION, source: INSTANCE_ID, payload: valid };
  if (STICKY.has(name)) {
    const store = lastStore();
    if (store) store[name] = envelope;
  }
  window.dispatchEvent(new CustomEvent(eventType(name), { detail: envelope }));
  return true;
}

function readEnvelope<N extends EventName>(name: N, detail: unknown): { payload: EventPayloads[N]; meta: EventMeta } | undefined {
  const envelope = envelopeGuard.safeParse(detail);
  if (!envelope.success) {
    console.warn(`[rendime events] dropped "${name}" event with an invalid envelope`, envelope.error.paths);
    return undefined;
  }
  const payload = parsePayload(name, envelope.data.payload, 'receive');
  if (payload === undefined) return undefined;
  return { payload, meta: { source: envelope.data.source, local: envelope.data.source === INSTANCE_ID } };
}

/** Subscribes to an event from any copy of the kernel; returns the unsubscribe function. */
export function on<N extends EventName>(name: N, handler: EventHandler<N>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (event: Event) => {
    const read = readEnvelope(name, (event as CustomEvent<unknown>).detail);
    if (read) handler(read.payload, read.meta);
  };
  window.addEventListener(eventType(name), listener);
  return () => window.removeEventListener(eventType(name), listener);
}

/**
 * The last valid value of a state-like event (`session-changed`, `unread-counts-changed`) emitted
 * by any copy of the kernel, or undefined.
 */
export function peek<N extends 'session-changed' | 'unread-counts-changed'>(
  name: N,
): { payload: EventPayloads[N]; meta: EventMeta } | undefined {
  const envelope = lastStore()?.[name];
  return envelope === undefined ? undefined : readEnvelope(name, envelope);
}

/** React hook: subscribes for the component's lifetime; the latest handler is always called. */
export function useEvent<N extends EventName>(name: N, handler: EventHandler<N>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => on(name, (payload, meta) => latest.current(payload, meta)), [name]);
}
