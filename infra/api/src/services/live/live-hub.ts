import type { LiveEvent, UnreadCounts } from 'shared-kernel/schemas';
import type { Database } from '../../db/database';

/** The channel the database triggers (drizzle/0008_live_notify.sql) notify. */
export const LIVE_CHANNEL = 'rendime_live';
/** A browser with many tabs open keeps at most this many streams; the oldest goes first. */
export const MAX_STREAMS_PER_USER = 10;

/** At most this many missed messages are replayed to one stream; older ones only show in the counts. */
export const MAX_REPLAY = 100;
/** The reconnection delay a stream closed by a shutting-down instance asks for (another replica answers). */
export const SHUTDOWN_RETRY_MS = 500;

/** One open `GET /live/events` answer. */
export interface LiveStream {
  /** The hash of the session that opened it (sessions.id): it ends with that session. */
  readonly sessionId: string;
  /** The id of the newest message the stream has delivered or skipped: its SSE event id. */
  position: number;
  /** Sends an event; `id` (a message id) moves the position and becomes the SSE `id:` line. */
  send(event: LiveEvent, id?: number): void;
  /** Ends the stream; `retryMs` tells the browser how soon to reconnect (to another instance). */
  close(retryMs?: number): void;
}

/** The messages a stream missed (messageRepository.messagesSince). */
export type MissedMessages = (
  userId: number,
  afterId: number,
  limit: number,
) => Promise<{ id: number; threadId: number; fromUserId: number }[]>;

interface LiveNotice {
  userId: number;
  threadId?: number;
  fromUserId?: number;
  messageId?: number;
  sessionEnded?: string;
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { userId, threadId, fromUserId, messageId, sessionEnded } = value as Record<string, unknown>;
    if (typeof userId !== 'number') return null;
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    return {
      userId,
      threadId: num(threadId),
      fromUserId: num(fromUserId),
      messageId: num(messageId),
      sessionEnded: typeof sessionEnded === 'string' ? sessionEnded : undefined,
    };
  } catch {
    return null;
  }
}

/**
 * The streams of this API instance by user, fed from the database's notifications (whichever
 * instance or writer caused them). Notices for one user that arrive together (a message changes
 * the thread and inserts the message) are answered with one counts query.
 */
export class LiveHub {
  private readonly streams = new Map<number, LiveStream[]>();
  private readonly pending = new Set<number>();
  private flushScheduled = false;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly counts: (userId: number) => Promise<UnreadCounts>,
    private readonly onError: (error: unknown) => void,
    private readonly missed: MissedMessages = async () => [],
  ) {}

  async start(): Promise<void> {
    // After a reconnect notices may have been lost: every stream gets what it missed, then counts.
    this.unlisten = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => this.onNotice(payload),
      () => this.refreshAll(),
    );
  }

  /** Ends every stream with a short retry hint (the browser reconnects, to another replica) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    const unlisten = this.unlisten;
    this.unlisten = null;
    for (const list of this.streams.values()) for (const s of [...list]) s.close(SHUTDOWN_RETRY_MS);
    this.streams.clear();
    if (unlisten) await unlisten();
  }

  /** Registers a stream; the user's oldest is closed when they would have more than the maximum. */
  add(userId: number, stream: LiveStream): void {
    const list = this.streams.get(userId) ?? [];
    list.push(stream);
    this.streams.set(userId, list);
    while (list.length > MAX_STREAMS_PER_USER) list.shift()?.close();
  }

  remove(userId: number, stream: LiveStream): void {
    const list = this.streams.get(userId);
    if (!list) return;
    const i = list.indexOf(stream);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.streams.delete(userId);
  }

  streamCount(userId?: number): number {
    if (userId !== undefined) return this.streams.get(userId)?.length ?? 0;
    let n = 0;
    for (const list of this.streams.values()) n += list.length;
    return n;
  }

  /** Sends the user's current counts to their streams now (also used on connect). */
  async sendCounts(userId: number): Promise<void> {
    if (!this.streams.has(userId) || this.stopped) return;
    const counts = await this.counts(userId);
    for (const s of this.streams.get(userId) ?? []) s.send({ type: 'counts', counts });
  }

  /**
   * Sends `stream` the messages after its position (the browser's Last-Event-ID, or where it was
   * when notices stopped arriving), oldest first, each with its id. One that also arrived live
   * meanwhile is sent twice, which browsers take as one refresh; one skipped would be lost.
   */
  async replay(userId: number, stream: LiveStream): Promise<void> {
    const rows = await this.missed(userId, stream.position, MAX_REPLAY);
    for (const m of rows) stream.send({ type: 'message', threadId: m.threadId, fromUserId: m.fromUserId }, m.id);
  }

  private onNotice(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice || this.stopped) return;
    const list = this.streams.get(notice.userId);
    if (!list) return;
    if (notice.sessionEnded !== undefined) {
      for (const s of list.filter((x) => x.sessionId === notice.sessionEnded)) s.close();
      return;
    }
    if (notice.threadId !== undefined && notice.fromUserId !== undefined) {
      const event: LiveEvent = { type: 'message', threadId: notice.threadId, fromUserId: notice.fromUserId };
      // A message the stream already has (replayed after a reconnect) is not sent twice.
      for (const s of list) if (notice.messageId === undefined || notice.messageId > s.position) s.send(event, notice.messageId);
    }
    this.pending.add(notice.userId);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const users = [...this.pending];
      this.pending.clear();
      for (const userId of users) this.sendCounts(userId).catch(this.onError);
    });
  }

  private refreshAll(): void {
    for (const [userId, list] of this.streams) {
      Promise.all(list.map((s) => this.replay(userId, s)))
        .then(() => this.sendCounts(userId))
        .catch(this.onError);
    }
  }
}
