import type { Clock } from '../../lib/clock';
import type { RateLimitRepository } from '../../repositories/rate-limit-repository';

/**
 * Fixed-window counter per key, kept in the database's rate_limits table (issue 14): with several
 * API replicas behind one address every replica counts against the same number, so a client gets
 * the limit once, not once per replica. `name` keeps the keys of different limiters apart.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitRepository,
    private readonly clock: Clock,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  async take(key: string): Promise<boolean> {
    const result = await this.store.take(`${this.name}:${key}`, { limit: this.limit, windowMs: this.windowMs }, this.clock.now());
    return result.allowed;
  }
}
