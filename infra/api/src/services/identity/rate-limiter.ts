import type { Clock } from '../../lib/clock';

/**
 * Fixed-window counter per key, in memory. Each API instance counts on its own, so with N
 * instances a client gets at most N times the limit; that still stops scripted abuse of the
 * identity providers (each start costs money and bothers a real person's phone).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  take(key: string): boolean {
    const now = this.clock.now().getTime();
    if (this.hits.size > 50_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      this.hits.set(key, { windowStart: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (now - entry.windowStart >= this.windowMs) this.hits.delete(key);
  }
}
