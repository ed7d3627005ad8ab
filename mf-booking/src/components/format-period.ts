import { formatTallinn } from 'shared-kernel/time';

/** A rental's period in Tallinn time: '02.06.2025 08:00 – 05.06.2025 08:00'. */
export function formatPeriod(startTs: string, endTs: string): string {
  return `${formatTallinn(startTs)} – ${formatTallinn(endTs)}`;
}

/** The rent request page of a reservation (both parties open it by the reservation's hash). */
export function requestPageUrl(hash: string): string {
  return `/auth/rent-completed?rental=${encodeURIComponent(hash)}`;
}
