import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/tokens';
import type { UserRow } from './user-repository';

/** Spec: sessions end after 24 h of inactivity. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** However active, a session ends this long after sign-in: a stolen cookie does not live forever. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// Writing last-seen on every request would turn reads into writes; a minute of slack is plenty.
const TOUCH_AFTER_MS = 60 * 1000;

export interface ActiveSession {
  id: string;
  user: UserRow;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  /** Returns the cookie token; only its hash is stored. */
  async create(userId: number, now: Date, userAgent?: string): Promise<string> {
    const token = randomToken();
    await this.db
      .insert(sessions)
      .values({ id: sha256(token), userId, createdTs: now, lastSeenTs: now, userAgent: userAgent?.slice(0, 300) });
    return token;
  }

  /** The session's user if the session exists and is not idle-expired; slides the expiry. */
  async resolve(token: string, now: Date): Promise<ActiveSession | null> {
    const id = sha256(token);
    const [row] = await this.db
      .select({ lastSeenTs: sessions.lastSeenTs, createdTs: sessions.createdTs, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .limit(1);
    if (!row) return null;
    const idle = now.getTime() - row.lastSeenTs.getTime();
    if (idle > SESSION_IDLE_MS || now.getTime() - row.createdTs.getTime() > SESSION_ABSOLUTE_MS || row.user.suspended) {
      await this.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (idle > TOUCH_AFTER_MS) {
      await this.db.update(sessions).set({ lastSeenTs: now }).where(eq(sessions.id, id));
    }
    return { id, user: row.user };
  }

  /** Whether the session is still signed in, without counting the question as activity (live streams ask it). */
  async isActive(token: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ lastSeenTs: sessions.lastSeenTs, createdTs: sessions.createdTs, suspended: users.suspended })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sha256(token)))
      .limit(1);
    return (
      Boolean(row) &&
      !row.suspended &&
      now.getTime() - row.lastSeenTs.getTime() <= SESSION_IDLE_MS &&
      now.getTime() - row.createdTs.getTime() <= SESSION_ABSOLUTE_MS
    );
  }

  async destroy(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sha256(token)));
  }

  async destroyAllOf(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        or(
          lt(sessions.lastSeenTs, new Date(now.getTime() - SESSION_IDLE_MS)),
          lt(sessions.createdTs, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
        ),
      );
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    return row.n;
  }
}
