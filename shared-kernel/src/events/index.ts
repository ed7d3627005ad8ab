export { emit, on, peek, useEvent, eventType, EVENT_PREFIX, ENVELOPE_VERSION, INSTANCE_ID } from './event-bus';
export type { EventName, EventPayloads, EventHandler, EventMeta, NoticeType } from './event-bus';
