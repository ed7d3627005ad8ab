/**
 * How many images one user may upload in a window (in memory, per API process): resizing costs
 * CPU, and an owner needs at most a few dozen for a busy afternoon of listings.
 */
export class UploadRateLimiter {
  private readonly uploads = new Map<number, number[]>();

  constructor(
    readonly maxFiles = 60,
    readonly windowMs = 10 * 60_000,
  ) {}

  /** Whether `userId` may upload `files` more now. */
  allows(userId: number, files: number, now: Date): boolean {
    return this.recent(userId, now).length + files <= this.maxFiles;
  }

  record(userId: number, files: number, now: Date): void {
    const list = this.recent(userId, now);
    for (let i = 0; i < files; i++) list.push(now.getTime());
    this.uploads.set(userId, list);
  }

  private recent(userId: number, now: Date): number[] {
    const since = now.getTime() - this.windowMs;
    const list = (this.uploads.get(userId) ?? []).filter((t) => t > since);
    if (list.length === 0) this.uploads.delete(userId);
    else this.uploads.set(userId, list);
    return list;
  }
}
