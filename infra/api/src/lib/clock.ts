/** Time comes from here so tests can move it (login lock, session expiry, reset links). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(start: Date | string = '2025-06-02T09:00:00Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface ShiftableClock extends Clock {
  /** Moves the clock forward (or back) by `ms`; answers the new time. */
  shift(ms: number): Date;
  offsetMs(): number;
}

/**
 * Real time plus an offset the browser journeys may move (`POST /sandbox/clock`), so a journey can
 * see what happens after a rental ends without waiting for it. Only the test platform uses it.
 */
export function createShiftableClock(): ShiftableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    shift: (ms) => {
      offset += ms;
      return new Date(Date.now() + offset);
    },
    offsetMs: () => offset,
  };
}
