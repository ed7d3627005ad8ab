const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formatter = new Intl.RelativeTimeFormat('et', { numeric: 'auto' });

/** '5 minuti eest', 'eile': how long ago an instant was, in Estonian. */
export function relativeTime(instant: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(instant) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.trunc(seconds / size), unit);
  }
  return formatter.format(0, 'minute');
}
