import { formatEuros } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { Contract } from 'shared-kernel/schemas';
import { Text } from 'shared-kernel/ui';
import { bookingTexts } from '../messages/et';

const t = bookingTexts.request;

/** The late fee of a return (ADR 0043), once the owner's mark charged one, and what of it the renter still owes. */
export function LateFee({ contract: c }: { contract: Pick<Contract, 'lateFeeCents' | 'lateFeeDebtCents'> }) {
  if (!c.lateFeeCents) return null;
  const fee = formatEuros(c.lateFeeCents);
  return (
    <Text>{c.lateFeeDebtCents ? format(t.lateFeeDebt, { fee, debt: formatEuros(c.lateFeeDebtCents) }) : format(t.lateFee, { fee })}</Text>
  );
}
