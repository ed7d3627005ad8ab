import { formatTallinnShort } from 'shared-kernel/time';

/** A rental's period in Tallinn time: '02.06 08:00 – 05.06 08:00' (the year only when not this one, ADR 0026). */
export function formatPeriod(startTs: string, endTs: string): string {
  return `${formatTallinnShort(startTs)} – ${formatTallinnShort(endTs)}`;
}

/** The rent request page of a reservation (both parties open it by the reservation's hash). */
export function requestPageUrl(hash: string): string {
  return `/auth/rent-completed?rental=${encodeURIComponent(hash)}`;
}
