import { formatEuros } from 'shared-kernel/domain';
import { formatTallinnShort } from 'shared-kernel/time';
import type { AccountHistory, AccountHistoryRow } from 'shared-kernel/schemas';
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

/** A bank-link deposit whose webhook has not landed yet. */
export function hasPendingDeposit(rows: AccountHistory | undefined): boolean {
  return (rows ?? []).some((row) => row.titleCode === 'INPAYMENT' && row.status === 'PENDING');
}
