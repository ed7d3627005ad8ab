import { and, eq, inArray } from 'drizzle-orm';
import { debtorLimitCents, feeBreakdown, formatEuros, ROLES } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { Tx } from '../../db/transaction';
import { reservations, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { storedBreakdown } from '../../lib/stored-price';
import { settleDebts } from '../payments/late-fee';
import type { ReservationPlan } from '../availability/plan-reservation';

/** A renter's rentals that are not over: what "rented at once" counts (ADR 0043). */
const OPEN_STATUSES = ['REQUESTED', 'PENDING_PAYMENT', 'ACCEPTED', 'CAPTURED'] as const;

/** What a planned booking will cost the renter (rent, services, VAT and fee), as the contract will charge it. */
export const plannedTotalCents = (plan: Pick<ReservationPlan, 'amountCents' | 'additionalServiceCostCents' | 'vatRateBp'>) =>
  feeBreakdown({ amountCents: plan.amountCents, additionalServiceCostCents: plan.additionalServiceCostCents, vatRateBp: plan.vatRateBp })
    .totalCents;

/**
 * The debtor rules of ADR 0043, inside the booking's transaction. A renter who owes the platform's
 * owners (an unpaid late fee) books nothing until it is paid; the wallet pays it first if it can.
 * A user the payment-default register lists (ROLE_USER_LIMITED) may have rentals of at most the
 * terms' limit open at once: 500 € private, 2000 € company, the new one included.
 */
export async function assertDebtorMayBook(tx: Tx, renterId: number, newTotalCents: number, now: Date): Promise<void> {
  const owed = await settleDebts(tx, renterId, now);
  if (owed > 0) throw new ApiError(409, 'RENTER_IN_DEBT', format(messages.errors.rentalLife.renterInDebt, { debt: formatEuros(owed) }));
  const [user] = await tx.select({ type: users.type, roles: users.roles }).from(users).where(eq(users.id, renterId)).limit(1);
  if (!user?.roles.includes(ROLES.limited)) return;
  const open = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.userId, renterId), inArray(reservations.status, [...OPEN_STATUSES])));
  const current = open.reduce((sum, r) => sum + storedBreakdown(r).totalCents, 0);
  const limit = debtorLimitCents(user.type === 'B2B');
  if (current + newTotalCents > limit) {
    const params = { limit: formatEuros(limit), current: formatEuros(current), amount: formatEuros(newTotalCents) };
    throw new ApiError(409, 'DEBTOR_LIMIT', format(messages.errors.rentalLife.debtorLimit, params));
  }
}
