import { messages } from 'shared-kernel/messages';

export type ReservationStatus =
  | 'REQUESTED'
  | 'PENDING_PAYMENT'
  | 'ACCEPTED'
  | 'CAPTURED'
  | 'MANUAL'
  | 'DECLINED'
  | 'DECLINED_BY_SYSTEM'
  | 'CANCELLED'
  | 'TERMINATED'
  | 'FINISHED';

export type ContractStatus =
  'REQUESTED' | 'PENDING_PAYMENT' | 'ACCEPTED' | 'CAPTURED' | 'CANCELLED' | 'APPEALED' | 'SOLVED' | 'MANUAL' | 'RETURNED' | 'FINISHED';

// A status added to the API without a label here is a type error, not a code on a page (issue 25).
const reservationLabels: Record<ReservationStatus, string> = messages.statuses.reservation;
const contractLabels: Record<ContractStatus, string> = messages.statuses.contract;

function lookup(table: Record<string, string>, status: string | null | undefined): string {
  if (!status) return '';
  // A status newer than this build (an older slice against a newer API) reads as unknown, never as its code.
  return Object.prototype.hasOwnProperty.call(table, status) ? table[status] : messages.statuses.unknown;
}

export function reservationStatusLabel(status: string | null | undefined): string {
  return lookup(reservationLabels, status);
}

export function contractStatusLabel(status: string | null | undefined): string {
  return lookup(contractLabels, status);
}
