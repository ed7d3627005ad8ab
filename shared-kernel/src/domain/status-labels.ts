import { messages } from 'shared-kernel/messages';

export type ReservationStatus =
  | 'REQUESTED' | 'PENDING_PAYMENT' | 'ACCEPTED' | 'CAPTURED' | 'MANUAL'
  | 'DECLINED' | 'DECLINED_BY_SYSTEM' | 'CANCELLED' | 'TERMINATED' | 'FINISHED';

export type ContractStatus =
  | 'REQUESTED' | 'PENDING_PAYMENT' | 'ACCEPTED' | 'CAPTURED' | 'CANCELLED' | 'APPEALED' | 'SOLVED' | 'MANUAL' | 'FINISHED';

function lookup(table: Record<string, string>, status: string | null | undefined): string {
  if (!status) return '';
  // Statuses without a label in the spec (CAPTURED, ...) show their code rather than nothing.
  return Object.prototype.hasOwnProperty.call(table, status) ? table[status] : status;
}

export function reservationStatusLabel(status: string | null | undefined): string {
  return lookup(messages.statuses.reservation, status);
}

export function contractStatusLabel(status: string | null | undefined): string {
  return lookup(messages.statuses.contract, status);
}
