import { messages } from 'shared-kernel/messages';

export type Weekday = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

/** Display order (Estonian weeks start on Monday). */
export const WEEKDAYS_MONDAY_FIRST: readonly Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

export function weekdayLetter(day: Weekday): string {
  return messages.domain.weekdayLetters[day];
}

function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS_MONDAY_FIRST as readonly string[]).includes(value);
}

/**
 * Rent days as the spec shows them: empty → 'E-P'; a run of three or more consecutive days
 * (Sunday → Monday wraps) → 'first - last'; shorter runs as comma-separated letters.
 */
export function formatRentDays(days: readonly string[] | null | undefined): string {
  const present = new Set(
    (days ?? [])
      .map((d) => d.toUpperCase())
      .filter(isWeekday)
      .map((d) => WEEKDAYS_MONDAY_FIRST.indexOf(d)),
  );
  if (present.size === 0) return messages.common.allWeekdays;
  const letter = (i: number) => weekdayLetter(WEEKDAYS_MONDAY_FIRST[i]);
  if (present.size === 7) return `${letter(0)} - ${letter(6)}`;

  // Start walking at a present day whose predecessor is absent so a wrapping run stays whole.
  const start = [...present].sort((a, b) => a - b).find((i) => !present.has((i + 6) % 7)) ?? 0;
  const runs: number[][] = [];
  for (let step = 0; step < 7; step += 1) {
    const i = (start + step) % 7;
    if (!present.has(i)) continue;
    const previous = runs[runs.length - 1];
    if (previous && previous[previous.length - 1] === (i + 6) % 7) previous.push(i);
    else runs.push([i]);
  }
  return runs
    .map((run) => (run.length >= 3 ? `${letter(run[0])} - ${letter(run[run.length - 1])}` : run.map(letter).join(', ')))
    .join(', ');
}
