import { like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

export interface RateLimitRule {
  /** Counted attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  retryAfterS: number;
}

/**
 * Fixed-window counters in the database, so several API instances share one count per key.
 * `take` counts and answers in one statement, so parallel requests cannot slip past the limit.
 */
export class RateLimitRepository {
  constructor(private readonly db: Db) {}

  async take(key: string, rule: RateLimitRule, now: Date, weight = 1): Promise<RateLimitResult> {
    const windowEnd = new Date(now.getTime() - rule.windowMs);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStart: now, hits: weight })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStart} <= ${windowEnd.toISOString()}::timestamptz then ${weight} else ${rateLimits.hits} + ${weight} end`,
          windowStart: sql`case when ${rateLimits.windowStart} <= ${windowEnd.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    const retryAfterS = Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
    return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterS };
  }

  /** How many attempts the key has used in its current window (0 when none). */
  async used(key: string, rule: RateLimitRule, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key}`)
      .limit(1);
    if (!row || row.windowStart.getTime() <= now.getTime() - rule.windowMs) return 0;
    return row.hits;
  }

  /** Gives one counted attempt back (a success that should not count against the caller). */
  async refund(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${key}`);
  }

  /** Forgets the counters of these keys and of every key starting with one of the prefixes. */
  async clear(keys: string[], prefixes: string[] = []): Promise<void> {
    const conditions = [
      ...keys.map((k) => sql`${rateLimits.key} = ${k}`),
      ...prefixes.map((p) => like(rateLimits.key, `${p.replace(/[\\%_]/g, '\\$&')}%`)),
    ];
    if (conditions.length > 0) await this.db.delete(rateLimits).where(or(...conditions));
  }

  async purgeOlderThan(before: Date): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
  }
}
