/** A slice (its entry, code, bootstrap or mount) did not answer within the shell's wait. */
export class RemoteTimeoutError extends Error {
  constructor(
    readonly ms: number,
    what: string,
  ) {
    super(`${what}: no answer in ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/**
 * Settles with `work`, or rejects with RemoteTimeoutError after `ms`. The work itself goes on (a
 * hung fetch cannot be cancelled): callers that care about a late result attach to `work` too.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(ms, what)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
