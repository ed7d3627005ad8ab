import type { LiveEvent, UnreadCounts } from 'shared-kernel/schemas';
import type { Database } from '../../db/database';

/** The channel the database triggers (drizzle/0008_live_notify.sql) notify. */
export const LIVE_CHANNEL = 'rendime_live';
/** A browser with many tabs open keeps at most this many streams; the oldest goes first. */
export const MAX_STREAMS_PER_USER = 10;

/** One open `GET /live/events` answer. */
export interface LiveStream {
  send(event: LiveEvent): void;
  close(): void;
}

interface LiveNotice {
  userId: number;
  threadId?: number;
  fromUserId?: number;
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { userId, threadId, fromUserId } = value as Record<string, unknown>;
    if (typeof userId !== 'number') return null;
    return { userId, threadId: typeof threadId === 'number' ? threadId : undefined, fromUserId: typeof fromUserId === 'number' ? fromUserId : undefined };
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
  ) {}

  async start(): Promise<void> {
    // After a reconnect notices may have been lost: everyone connected gets fresh counts.
    this.unlisten = await this.database.listen(LIVE_CHANNEL, (payload) => this.onNotice(payload), () => this.refreshAll());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const unlisten = this.unlisten;
    this.unlisten = null;
    for (const list of this.streams.values()) for (const s of list) s.close();
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

  private onNotice(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice || this.stopped) return;
    const list = this.streams.get(notice.userId);
    if (!list) return;
    if (notice.threadId !== undefined && notice.fromUserId !== undefined) {
      for (const s of list) s.send({ type: 'message', threadId: notice.threadId, fromUserId: notice.fromUserId });
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
    for (const userId of this.streams.keys()) this.sendCounts(userId).catch(this.onError);
  }
}
