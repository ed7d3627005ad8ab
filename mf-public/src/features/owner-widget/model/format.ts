import { formatEuros } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { ownerWidgetTexts as t } from '../../../messages/owner-widget';

/** '12,40 € / päev' (the kernel's one money format). */
export function dailyPriceText(cents: number): string {
  return format(t.perDay, { price: formatEuros(cents) });
}

/**
 * An ISO calendar date ('2026-11-25', already a Tallinn day from the API) as Estonians write it:
 * '25.11.2026'. String work only: a calendar date needs no time zone, and the widget must not
 * bring a date library to someone else's page.
 */
export function estonianDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

export function freeDaysText(days: readonly string[]): string {
  return days.length ? format(t.nextFreeDays, { days: days.map(estonianDate).join(', ') }) : t.noFreeDays;
}
