import { handoverOpensAt } from 'shared-kernel/domain';
import { refundPercent } from 'shared-kernel/time';
import type { ContractStatus, RefundPreview } from 'shared-kernel/schemas';

const HOUR_MS = 3_600_000;

/** What the rules need to know of a contract; the route's answer and the transitions use the same. */
export interface ContractFacts {
  id: number;
  status: ContractStatus;
  startTs: Date;
  renterId: number | null;
  ownerId: number;
  paidLater: boolean;
  totalCents: number;
  renterReceivedTs: Date | null;
  ownerHandedOverTs: Date | null;
  renterReturnedTs: Date | null;
  ownerReturnedTs: Date | null;
}

export type ContractRole = 'renter' | 'owner';

/** Whether the handover marks are open at `now` (from RENTAL_LIFE's window before the start). */
export const handoverOpen = (c: Pick<ContractFacts, 'startTs'>, now: Date) => now.getTime() >= handoverOpensAt(c.startTs.getTime());

export function contractRole(c: Pick<ContractFacts, 'renterId' | 'ownerId'>, viewerId: number): ContractRole | null {
  if (c.ownerId === viewerId) return 'owner';
  if (c.renterId !== null && c.renterId === viewerId) return 'renter';
  return null;
}

/** A renter may cancel until the item is in their hands or the contract is closed or disputed. */
const RENTER_MAY_NOT_CANCEL: ReadonlySet<ContractStatus> = new Set(['CANCELLED', 'APPEALED', 'SOLVED', 'CAPTURED', 'RETURNED', 'FINISHED']);
/** An owner may only withdraw before the renter has paid, or from a manual (off-platform) rent. */
const OWNER_MAY_CANCEL: ReadonlySet<ContractStatus> = new Set(['PENDING_PAYMENT', 'MANUAL']);
/** Once a contract is agreed each party sees the other's phone; a cancelled one hides it again. */
const PHONES_SHOWN: ReadonlySet<ContractStatus> = new Set(['PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED', 'MANUAL', 'RETURNED', 'FINISHED']);

export interface ContractPermissions {
  mayPay: boolean;
  mayCancel: boolean;
  mayReportBroken: boolean;
  mayMarkReceived: boolean;
  mayMarkReturned: boolean;
  showOtherPhone: boolean;
}

/**
 * Every `may…` flag of a contract for one viewer at one instant. The transitions check these same
 * flags, so a button the UI shows is a call the server accepts.
 */
export function contractPermissions(c: ContractFacts, viewerId: number, now: Date): ContractPermissions {
  const role = contractRole(c, viewerId);
  const none = {
    mayPay: false,
    mayCancel: false,
    mayReportBroken: false,
    mayMarkReceived: false,
    mayMarkReturned: false,
    showOtherPhone: false,
  };
  if (!role) return none;
  const mayCancel = role === 'renter' ? !RENTER_MAY_NOT_CANCEL.has(c.status) : OWNER_MAY_CANCEL.has(c.status);
  const ownReceived = role === 'renter' ? c.renterReceivedTs : c.ownerHandedOverTs;
  const ownReturned = role === 'renter' ? c.renterReturnedTs : c.ownerReturnedTs;
  return {
    // Paying needs an hour's margin: the bank link takes a while, and the start must not pass unpaid.
    mayPay: role === 'renter' && c.status === 'PENDING_PAYMENT' && !c.paidLater && c.startTs.getTime() - now.getTime() >= HOUR_MS,
    mayCancel,
    // Nothing was handed over while payment waits; a manual rent has no platform renter to refund or charge.
    mayReportBroken: mayCancel && c.status !== 'PENDING_PAYMENT' && c.status !== 'MANUAL',
    // Not before the handover window opens (ADR 0043): a receipt days ahead would open reviews and
    // problem reports for a rental that has not happened.
    mayMarkReceived: handoverOpen(c, now) && (c.status === 'ACCEPTED' || c.status === 'CAPTURED') && ownReceived === null,
    // A return follows a handover: the renter's receipt (CAPTURED) or the owner's own handover mark,
    // as a renter who never pressed 'Toode käes' must not keep the owner from ending the rental. The
    // owner's mark ends it (RETURNED), the renter's is their own record. A manual rent has no renter
    // on the platform: its owner marks the return alone.
    mayMarkReturned:
      (c.status === 'CAPTURED' ||
        (role === 'owner' && (c.status === 'MANUAL' || (c.status === 'ACCEPTED' && c.ownerHandedOverTs !== null)))) &&
      ownReturned === null,
    showOtherPhone: PHONES_SHOWN.has(c.status),
  };
}

/**
 * What the renter has paid for the contract when the ledger is not asked: a contract waiting for
 * payment and a paid-later one (invoiced on return) count as 0, an accepted or captured one as its
 * whole total. The cancel and its preview pass the ledger's figure instead (issue 12).
 */
export function paidCents(c: Pick<ContractFacts, 'status' | 'paidLater' | 'totalCents'>): number {
  if (c.paidLater) return 0;
  return c.status === 'ACCEPTED' || c.status === 'CAPTURED' || c.status === 'RETURNED' ? c.totalCents : 0;
}

/**
 * The refund of cancelling `c` by `viewerId` at `now`: the spec 9 schedule on what the renter
 * paid, by elapsed hours before the start (DST-safe); all of it when the owner withdraws or the
 * item was broken. The preview endpoint and the cancellation both call this, so they agree.
 */
export function refundFor(c: ContractFacts, viewerId: number, brokenItem: boolean, now: Date, paid: number = paidCents(c)): RefundPreview {
  const role = contractRole(c, viewerId);
  const percent = role === 'owner' || brokenItem ? 100 : refundPercent(c.startTs.getTime(), now.getTime());
  return {
    contractId: c.id,
    percent,
    paidCents: paid,
    refundCents: Math.round((paid * percent) / 100),
    hoursBeforeStart: Math.round(((c.startTs.getTime() - now.getTime()) / HOUR_MS) * 100) / 100,
    brokenItem,
  };
}
