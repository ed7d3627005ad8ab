import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { emit } from 'shared-kernel/events';
import { LiveEvent, type UnreadCounts } from 'shared-kernel/schemas';
import { messagingKeys } from '../query-keys';
import { liveEventsUrl } from './api/live-events-url';

/** `connecting` until the first open; `down` after an error, while blocked or where EventSource does not exist. */
export type LiveStreamState = 'connecting' | 'open' | 'down';

interface Subscriber {
  client: QueryClient;
  me: number;
}

// EventSource.CLOSED; compared by value so a stand-in without the static constants works too.
const CLOSED = 2;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

// One stream per tab, shared by every widget and page of the slice: the server keeps one
// connection per open stream, and the top bar and the messages page would otherwise hold two.
const subscribers = new Set<Subscriber>();
const listeners = new Set<() => void>();
let source: EventSource | null = null;
let state: LiveStreamState = 'down';
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryMs = FIRST_RETRY_MS;
// The id of the last event received (a message id): a stream opened after the browser gave up on
// the old one resumes from it, so messages written in between are replayed, not lost.
let lastEventId: string | undefined;

function setState(next: LiveStreamState): void {
  if (state === next) return;
  state = next;
  listeners.forEach((listener) => listener());
}

/** The distinct (client, user) pairs: two subscribers on the shell's one client update it once. */
function targets(): Subscriber[] {
  const seen = new Map<string, Subscriber>();
  const ids = new Map<QueryClient, number>();
  for (const sub of subscribers) {
    if (!ids.has(sub.client)) ids.set(sub.client, ids.size);
    seen.set(`${ids.get(sub.client)}:${sub.me}`, sub);
  }
  return [...seen.values()];
}

function applyCounts(counts: UnreadCounts): void {
  for (const { client, me } of targets()) client.setQueryData(messagingKeys.unreadCounts(me), counts);
  emit('unread-counts-changed', counts);
}

function applyMessage(fromUserId: number): void {
  for (const { client, me } of targets()) {
    void client.invalidateQueries({ queryKey: messagingKeys.parties(me) });
    // A message the caller wrote in another tab names the caller, not the party: refresh every open thread.
    void client.invalidateQueries({ queryKey: fromUserId === me ? messagingKeys.threads(me) : messagingKeys.thread(me, fromUserId) });
  }
}

function onData(data: unknown): void {
  if (typeof data !== 'string') return;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return;
  }
  const event = LiveEvent.safeParse(json);
  if (!event.success) return;
  if (event.data.type === 'counts') applyCounts(event.data.counts);
  else applyMessage(event.data.fromUserId);
}

function scheduleReopen(): void {
  if (retryTimer !== undefined) return;
  const wait = retryMs;
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (subscribers.size > 0 && source === null) open();
  }, wait);
}

function open(): void {
  if (typeof EventSource === 'undefined') {
    setState('down');
    return;
  }
  let stream: EventSource;
  try {
    stream = new EventSource(liveEventsUrl(lastEventId), { withCredentials: true });
  } catch {
    setState('down');
    scheduleReopen();
    return;
  }
  source = stream;
  setState('connecting');
  stream.onopen = () => {
    if (source !== stream) return;
    retryMs = FIRST_RETRY_MS;
    setState('open');
  };
  stream.onmessage = (event: MessageEvent) => {
    if (source !== stream) return;
    if (event.lastEventId) lastEventId = event.lastEventId;
    onData(event.data);
  };
  stream.onerror = () => {
    if (source !== stream) return;
    setState('down');
    // CONNECTING: the browser retries by itself. CLOSED (a 401/5xx answer, a wrong content type):
    // it gave up, so we open a new one, waiting longer each time.
    if (stream.readyState === CLOSED) {
      stream.close();
      source = null;
      scheduleReopen();
    }
  };
}

function close(): void {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
  retryMs = FIRST_RETRY_MS;
  if (source) source.close();
  source = null;
  setState('down');
}

/** Joins the tab's live stream; the last one to leave closes it. */
export function subscribeLive(subscriber: Subscriber): () => void {
  const entry = { ...subscriber };
  subscribers.add(entry);
  if (subscribers.size === 1 && source === null && retryTimer === undefined) open();
  return () => {
    subscribers.delete(entry);
    if (subscribers.size === 0) close();
  };
}

export function getLiveState(): LiveStreamState {
  return state;
}

function subscribeState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: forget every subscriber and the stream. */
export function resetLiveClient(): void {
  subscribers.clear();
  lastEventId = undefined;
  close();
}

/**
 * Keeps the signed-in user's unread counts, party list and threads live while mounted, and tells
 * whether the stream is down (the counts query then polls). Nothing happens while signed out.
 */
export function useLiveStream(me: number | null | undefined): LiveStreamState {
  const client = useQueryClient();
  useEffect(() => {
    if (me === null || me === undefined) return undefined;
    return subscribeLive({ client, me });
  }, [client, me]);
  return useSyncExternalStore(subscribeState, getLiveState, getLiveState);
}
