const HOUR_MS = 3_600_000;

/** Refund share by hours left before the start: >48 → 100, >24 → 75, >12 → 50, else 0. */
export const REFUND_SCHEDULE: ReadonlyArray<{ moreThanHours: number; percent: number }> = [
  { moreThanHours: 48, percent: 100 },
  { moreThanHours: 24, percent: 75 },
  { moreThanHours: 12, percent: 50 },
];

function toEpoch(value: Date | number | string): number {
  const epoch = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(epoch)) throw new RangeError(`Not a time: ${String(value)}`);
  return epoch;
}

/**
 * Refund percent for cancelling at `now` a rental that starts at `start`. Both are instants, so
 * the hours are elapsed time and a DST change in Europe/Tallinn between them cannot skew the
 * result (use `tallinnLocalToEpoch` to turn a local wall-clock time into an instant first).
 */
export function refundPercent(start: Date | number | string, now: Date | number | string = Date.now()): number {
  const hoursLeft = (toEpoch(start) - toEpoch(now)) / HOUR_MS;
  return REFUND_SCHEDULE.find((step) => hoursLeft > step.moreThanHours)?.percent ?? 0;
}

/** Refund in integer cents (rounded half up). */
export function refundCents(amountCents: number, start: Date | number | string, now: Date | number | string = Date.now()): number {
  return Math.round((amountCents * refundPercent(start, now)) / 100);
}
