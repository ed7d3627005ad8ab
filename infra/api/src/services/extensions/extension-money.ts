import { and, count, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { formatEuros, HOLDING_RESERVATION_STATUSES } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import type { Tx } from '../../db/transaction';
import { contractExtensions, contracts, reservations } from '../../db/schema';
import { formatTallinn } from '../../lib/tallinn-time';
import { walletBalance, lockWallet } from '../../repositories/ledger';
import { chargeForContract } from '../payments/contract-money';
import { lockReservation, type ReservationRow } from '../../repositories/reservation-repository';
import { recordNotice, type PartyNotice } from '../../repositories/party-notices';
import { extensionNotFound, type ExtensionRow } from './extension-rules';

type ContractRow = typeof contracts.$inferSelect;

/** An extension with its contract and reservation, locked in ADR 0013's order: product, reservation, contract, extension. */
export interface LockedExtension {
  e: ExtensionRow;
  c: ContractRow;
  r: ReservationRow;
}

export async function lockExtension(tx: Tx, extensionId: number): Promise<LockedExtension> {
  const [head] = await tx
    .select({ reservationId: contractExtensions.reservationId, contractId: contractExtensions.contractId })
    .from(contractExtensions)
    .where(eq(contractExtensions.id, extensionId))
    .limit(1);
  if (!head) throw extensionNotFound();
  const r = await lockReservation(tx, eq(reservations.id, head.reservationId));
  const [c] = await tx.select().from(contracts).where(eq(contracts.id, head.contractId)).for('update').limit(1);
  const [e] = await tx.select().from(contractExtensions).where(eq(contractExtensions.id, extensionId)).for('update').limit(1);
  if (!r || !c || !e) throw extensionNotFound();
  return { e, c, r };
}

/**
 * Whether another reservation holding time overlaps the added period (end-exclusive, like the
 * exclusion constraint). Asked under the product's row lock, which every booking of the product
 * queues on, so nothing can take the period between this answer and the move of the end; the
 * constraint stays the database's last word.
 */
export async function addedPeriodTaken(tx: Tx, r: ReservationRow, fromTs: Date, toTs: Date): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.productId, r.productId),
        ne(reservations.id, r.id),
        inArray(reservations.status, [...HOLDING_RESERVATION_STATUSES]),
        lt(reservations.startTs, toTs),
        gt(reservations.endTs, fromTs),
      ),
    );
  return (row?.n ?? 0) > 0;
}

const productOf = (c: ContractRow) => (c.contractData as { product?: { name?: string } }).product?.name ?? '';

/** A notice to one party of the contract, recorded (notification and mail) in `tx`. */
export async function noticeParty(tx: Tx, at: LockedExtension, userId: number, message: string, now: Date): Promise<PartyNotice> {
  const notice: PartyNotice = { userId, product: productOf(at.c), hash: at.r.hash, contractId: at.c.id, message };
  await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, at.r.id, at.r.productId, now);
  return notice;
}

export function noticeParams(at: LockedExtension) {
  return {
    product: productOf(at.c),
    end: formatTallinn(at.e.newEndTs),
    deadline: formatTallinn(at.e.previousEndTs),
    amount: formatEuros(at.e.differenceCents),
  };
}

/** Whether the renter's balance covers the difference now (the wallet locked first, as the ledger does). */
export async function balanceCovers(tx: Tx, e: ExtensionRow): Promise<boolean> {
  await lockWallet(tx, e.renterId);
  return (await walletBalance(tx, e.renterId)) >= e.differenceCents;
}

/**
 * Pays an accepted extension from the renter's wallet and moves the end, all in `tx`: the
 * difference leaves the wallet (INSUFFICIENT_FUNDS when it is short), the owner's part waits in
 * their pending account until the rental ends (as the rent does) and the fee's growth goes to the
 * platform; the contract takes the whole new period's lines and end and becomes the next version;
 * the reservation's end moves with it. Both parties are told.
 */
export async function payAndApply(
  tx: Tx,
  at: LockedExtension,
  now: Date,
  renterText: string = messages.extensions.notices.paid,
): Promise<PartyNotice[]> {
  const { e, c, r } = at;
  // CONTRACT_PAYMENT like the rent: what the renter paid for the contract (refunds and realisation read it).
  await chargeForContract(tx, {
    contract: c,
    payerId: e.renterId,
    amountCents: e.differenceCents,
    feeCents: e.feeDifferenceCents,
    idempotencyKey: `extension:${e.id}:payment`,
    now,
  });
  const [paid] = await tx
    .select({ n: count() })
    .from(contractExtensions)
    .where(and(eq(contractExtensions.contractId, c.id), eq(contractExtensions.status, 'PAID')));
  const version = (paid?.n ?? 0) + 2;
  // A difference of 0 (the longer period's tier is no dearer than what was paid) keeps the lines paid.
  const lines = e.differenceCents > 0 ? { amountCents: e.newAmountCents, vatCents: e.newVatCents, feeCents: e.newFeeCents } : {};
  await tx
    .update(contracts)
    .set({ endTs: e.newEndTs, ...lines, updatedTs: now })
    .where(eq(contracts.id, c.id));
  await tx
    .update(reservations)
    .set({ endTs: e.newEndTs, ...(e.differenceCents > 0 ? { priceCents: e.newAmountCents, priceTier: e.newTier } : {}), updatedTs: now })
    .where(eq(reservations.id, r.id));
  await tx
    .update(contractExtensions)
    .set({ status: 'PAID', paidTs: now, decidedTs: e.decidedTs ?? now, contractVersion: version })
    .where(eq(contractExtensions.id, e.id));
  const params = noticeParams(at);
  return [
    await noticeParty(tx, at, e.renterId, format(renterText, params), now),
    await noticeParty(tx, at, c.ownerId, format(messages.extensions.notices.paid, params), now),
  ];
}
