import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { GokartDay } from 'shared-kernel/schemas';

/** `GET /reservations/by-day?day=yyyy-mm-dd`: the track's hours and the riders per slot that day. */
export function getGokartDay(day: string, signal?: AbortSignal): Promise<GokartDay> {
  return getApi().get('/reservations/by-day', { query: { day }, schema: GokartDay, signal });
}

export const gokartDayQueryKey = (day: string) => ['reservations', 'by-day', day] as const;

/** Places fill while a rider looks: asked again when the page regains focus and every minute. */
export function gokartDayQueryOptions(day: string) {
  return queryOptions({ queryKey: gokartDayQueryKey(day), queryFn: ({ signal }) => getGokartDay(day, signal), refetchInterval: 60_000 });
}
