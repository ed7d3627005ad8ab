import { formatEuros } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { formatTallinnShort } from 'shared-kernel/time';
import type { AccountHistory, AccountHistoryRow } from 'shared-kernel/schemas';
import { estonianDate } from '../../../components/estonian-date';
import { accountTexts } from '../../../messages/et';

/** `DD.MM HH:mm` in Tallinn, the spec's short date of payments and contract periods (the year when not this one). */
export function shortDateTime(instant: string): string {
  return formatTallinnShort(instant);
}

export function historyDate(row: AccountHistoryRow): string {
  return shortDateTime(row.createdTs);
}

export function historyTitle(row: AccountHistoryRow): string {
  return accountTexts.money.history.titles[row.titleCode];
}

/** Money in is '+', money out is '−' (a real minus sign, read out as such). */
export function signedAmount(row: AccountHistoryRow): string {
  return `${row.direction === 'IN' ? '+' : '−'}${formatEuros(Math.abs(row.amountCents))}`;
}

/** Spec 2: FAILED rows are hidden; COMPLETED shown as is; anything else shown as pending. */
export function visibleRows(rows: AccountHistory): AccountHistory {
  return rows.filter((row) => row.status !== 'FAILED');
}

export function isPendingRow(row: AccountHistoryRow): boolean {
  return row.status !== 'COMPLETED';
}

/**
 * What the row's status says: '(Ootel)', for a withdrawal with its expected date (three Estonian
 * working days, issue 31); a paid-out withdrawal says when it was paid; other completed rows nothing.
 */
export function historyStatus(row: AccountHistoryRow): string {
  const t = accountTexts.money.history;
  if (isPendingRow(row)) {
    return row.expectedDate ? format(t.expected, { date: estonianDate(row.expectedDate) }) : messages.common.pending;
  }
  if (row.titleCode === 'OUTPAYMENT' && row.completedTs) return format(t.paidOn, { date: formatTallinnShort(row.completedTs) });
  return '';
}

/** A bank-link deposit whose webhook has not landed yet. */
export function hasPendingDeposit(rows: AccountHistory | undefined): boolean {
  return (rows ?? []).some((row) => row.titleCode === 'INPAYMENT' && row.status === 'PENDING');
}
