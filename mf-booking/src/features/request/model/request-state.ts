import type { ContractByHash, Reservation } from 'shared-kernel/schemas';
import { LIMITS } from 'shared-kernel/domain';

/** Which side of the reservation the viewer is on; neither for anyone else. */
export function partyOf(reservation: Reservation, userId: number | undefined): 'owner' | 'renter' | null {
  if (userId === undefined) return null;
  if (reservation.productOwner.id === userId) return 'owner';
  if (reservation.user?.id === userId) return 'renter';
  return null;
}

/**
 * Spec 4: a request whose start or end has passed is outdated. Only an unanswered request (or one
 * the system has just declined for it) is; a rental under way is not.
 */
export function isStale(reservation: Reservation, now: number): boolean {
  if (reservation.status !== 'REQUESTED' && reservation.status !== 'DECLINED_BY_SYSTEM') return false;
  return Date.parse(reservation.startTs) <= now || Date.parse(reservation.endTs) <= now;
}

/** The contract statuses of a rent that is active or has run: the review, the complaint and the marks live on step 1. */
const RENT_STEP: ReadonlySet<ContractByHash['status']> = new Set(['ACCEPTED', 'CAPTURED', 'RETURNED', 'FINISHED', 'APPEALED', 'SOLVED']);

/** Step 1 ('Taotluse leht') once the rent is active, and after it ended (issue 31: the review follows the return). */
export function currentStep(contract: ContractByHash | null | undefined): 0 | 1 {
  return contract && RENT_STEP.has(contract.status) ? 1 : 0;
}

/** Spec: pay button for the renter only, contract awaiting payment, start at least 1 hour away. */
export function mayPay(contract: ContractByHash | null | undefined, party: 'owner' | 'renter' | null, now: number): boolean {
  return party === 'renter' && contract?.status === 'PENDING_PAYMENT' && Date.parse(contract.startTs) - now >= LIMITS.payButtonCutoffMs;
}
