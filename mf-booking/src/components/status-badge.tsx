import { Badge } from 'shared-kernel/ui';
import { contractStatusLabel, reservationStatusLabel } from 'shared-kernel/domain';

const PALETTE: Record<string, string> = {
  REQUESTED: 'orange',
  PENDING_PAYMENT: 'orange',
  ACCEPTED: 'green',
  CAPTURED: 'green',
  MANUAL: 'blue',
  APPEALED: 'orange',
  RETURNED: 'gray',
  SOLVED: 'gray',
  FINISHED: 'gray',
};

/** A reservation's or contract's status with the spec's Estonian label. */
export function StatusBadge({ kind, status }: { kind: 'reservation' | 'contract'; status: string }) {
  const label = kind === 'contract' ? contractStatusLabel(status) : reservationStatusLabel(status);
  return (
    <Badge colorPalette={PALETTE[status] ?? 'red'} data-status={status}>
      {label}
    </Badge>
  );
}
