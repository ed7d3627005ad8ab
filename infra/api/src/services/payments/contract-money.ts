import { withTransaction, type Tx } from '../../db/transaction';
import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import { format, messages } from 'shared-kernel/messages/server';
import type { Db } from '../../db/database';
import { contracts, payments, reservations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { formatTallinn } from '../../lib/tallinn-time';
import { lockReservation } from '../../repositories/reservation-repository';
import { recordNotice, type PartyNotice } from '../../repositories/party-notices';
import { accounts, contractAccountSum, postLedger } from '../../repositories/ledger';

const HOUR_MS = 3_600_000;

type ContractRow = typeof contracts.$inferSelect;

/** What a contract charges: the sum of its lines (the payment, its views and its PDF read the same lines). */
export const contractTotalCents = (c: Pick<ContractRow, 'amountCents' | 'vatCents' | 'feeCents' | 'additionalServiceCostCents'>) =>
  c.amountCents + c.vatCents + c.feeCents + c.additionalServiceCostCents;
const productName = (c: ContractRow) => (c.contractData as { product?: { name?: string } }).product?.name ?? '';

export interface PayContractsInput {
  payerId: number;
  contractIds: number[];
  now: Date;
  /**
   * The hour's margin before the start (spec: pay at least 1 h before). A bank-link booking paid
   * the moment its order settles passes false: its time was held while the bank took the money.
   */
  enforceCutoff?: boolean;
}

export interface PaidContracts {
  paidCents: number;
  contractIds: number[];
  /** One per contract, recorded with its mail in the payment's transaction (recordNotice). */
  notices: PartyNotice[];
}

/**
 * Pays contracts from the payer's wallet inside `tx`, all or nothing: each must be the payer's as
 * renter and PENDING_PAYMENT (not paid later). The renter's wallet pays the total; the owner's
 * pending account gets the total net of the platform fee (the contract's `feeCents`), realised to
 * the owner's wallet when the rental ends; the fee goes to `platform:fees`. Contract (and
 * reservation) become ACCEPTED; payments rows OUTPAYMENT_FOR_RENT (renter, COMPLETED) and
 * INPAYMENT_FOR_RENT (owner, PENDING); the owner gets a notification. Locks in ADR 0013's order
 * (product, reservation, contract), then the wallet (in the ledger). Also the step instant book
 * and go-kart settle handlers call once their bank-link deposit is in the wallet.
 */
export async function payContractsFromWallet(tx: Tx, input: PayContractsInput): Promise<PaidContracts> {
  const ids = [...new Set(input.contractIds)].sort((a, b) => a - b);
  if (ids.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', messages.validation.chooseContracts);
  // Phase 1: every lock, in one global order (product id, then contract id), before any money
  // moves; the wallet is locked last, by the ledger. Two payments of overlapping contract sets
  // (or a payment and a cancel) then queue instead of deadlocking.
  const heads = await tx
    .select({ id: contracts.id, reservationId: contracts.reservationId, productId: contracts.productId })
    .from(contracts)
    .where(inArray(contracts.id, ids));
  if (heads.length !== ids.length) throw contractMissing();
  heads.sort((a, b) => a.productId - b.productId || a.id - b.id);
  const locked: Array<{ c: ContractRow; r: NonNullable<Awaited<ReturnType<typeof lockReservation>>> }> = [];
  for (const head of heads) {
    const r = await lockReservation(tx, eq(reservations.id, head.reservationId));
    const [c] = await tx.select().from(contracts).where(eq(contracts.id, head.id)).for('update').limit(1);
    if (!r || !c || c.renterId !== input.payerId) throw contractMissing();
    if (c.status !== 'PENDING_PAYMENT' || c.paidLater)
      throw new ApiError(409, 'INVALID_STATUS', messages.errors.account.contractNotPayable);
    if (input.enforceCutoff !== false && c.startTs.getTime() - input.now.getTime() < HOUR_MS) {
      throw new ApiError(409, 'PAYMENT_TOO_LATE', messages.errors.account.paymentTooLate);
    }
    locked.push({ c, r });
  }
  locked.sort((a, b) => a.c.id - b.c.id);
  // Phase 2: the money and the statuses.
  const notices: PartyNotice[] = [];
  let paidCents = 0;
  for (const { c, r } of locked) {
    const total = contractTotalCents(c);
    await chargeForContract(tx, {
      contract: c,
      payerId: input.payerId,
      amountCents: total,
      feeCents: c.feeCents,
      idempotencyKey: `contract:${c.id}:payment`,
      now: input.now,
    });
    paidCents += total;
    await tx.update(contracts).set({ status: 'ACCEPTED', updatedTs: input.now }).where(eq(contracts.id, c.id));
    await tx.update(reservations).set({ status: 'ACCEPTED', updatedTs: input.now }).where(eq(reservations.id, r.id));
    const product = productName(c);
    const notice: PartyNotice = {
      userId: c.ownerId,
      product,
      hash: r.hash,
      contractId: c.id,
      message: format(messages.notifications.contractPaid, { product, start: formatTallinn(c.startTs), end: formatTallinn(c.endTs) }),
    };
    await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, input.now);
    notices.push(notice);
  }
  return { paidCents, contractIds: ids, notices };
}

/**
 * One payment for a contract from the payer's wallet, inside `tx`: `amountCents` leaves the wallet
 * (INSUFFICIENT_FUNDS when short), the owner's share (net of `feeCents`) waits in their pending
 * account until the rental ends, the fee goes to `platform:fees`; payments rows OUTPAYMENT_FOR_RENT
 * (payer, COMPLETED) and INPAYMENT_FOR_RENT (owner, PENDING). Ledger kind CONTRACT_PAYMENT, so
 * refunds and realisation count it. Nothing for 0; the key makes a repeat a no-op.
 */
export async function chargeForContract(
  tx: Tx,
  input: {
    contract: Pick<ContractRow, 'id' | 'ownerId'>;
    payerId: number;
    amountCents: number;
    feeCents: number;
    idempotencyKey: string;
    now: Date;
  },
): Promise<void> {
  const { contract: c, payerId, amountCents, feeCents, now } = input;
  if (amountCents <= 0) return;
  const ownerShare = amountCents - feeCents;
  const [outRow] = await tx
    .insert(payments)
    .values({
      userId: payerId,
      contractId: c.id,
      direction: 'OUT',
      titleCode: 'OUTPAYMENT_FOR_RENT',
      status: 'COMPLETED',
      amountCents,
      createdTs: now,
      completedTs: now,
    })
    .returning({ id: payments.id });
  if (ownerShare > 0) {
    await tx.insert(payments).values({
      userId: c.ownerId,
      contractId: c.id,
      direction: 'IN',
      titleCode: 'INPAYMENT_FOR_RENT',
      status: 'PENDING',
      amountCents: ownerShare,
      createdTs: now,
    });
  }
  await postLedger(tx, {
    kind: 'CONTRACT_PAYMENT',
    idempotencyKey: input.idempotencyKey,
    contractId: c.id,
    paymentId: outRow.id,
    now,
    entries: [
      { account: accounts.wallet(payerId), userId: payerId, amountCents: -amountCents },
      { account: accounts.pending(c.ownerId), userId: c.ownerId, amountCents: ownerShare },
      { account: accounts.fees, amountCents: feeCents },
    ],
  });
}

const contractMissing = () => new ApiError(404, 'NOT_FOUND', messages.errors.api.contractNotFound);

/** What the renter paid for the contract, from the ledger (0 for unpaid and paid-later ones). */
export async function paidForContract(db: Db, c: Pick<ContractRow, 'id' | 'renterId'>): Promise<number> {
  if (c.renterId === null) return 0;
  const walletSum = await contractAccountSum(db, c.id, accounts.wallet(c.renterId), ['CONTRACT_PAYMENT']);
  // Nothing paid is 0, not -0: a refund computed from it would read 'Tagastatakse −0,00 €' (issue 25).
  return walletSum === 0 ? 0 : -walletSum;
}

/**
 * Moves the money of a cancelled contract inside the cancel's transaction: `refundCents` back to
 * the renter's wallet, taken from the owner's pending rent and the platform fee in proportion;
 * what the owner keeps is realised at once (the rental will not happen). Idempotent per contract.
 */
export async function refundCancelledContract(tx: Tx, c: ContractRow, refundCents: number, now: Date): Promise<void> {
  if (c.renterId === null) return;
  const paid = await paidForContract(tx, c);
  if (paid <= 0) return;
  const refund = Math.min(refundCents, paid);
  const pendingHeld = await contractAccountSum(tx, c.id, accounts.pending(c.ownerId), ['CONTRACT_PAYMENT', 'REFUND', 'REALISATION']);
  const feeBack = Math.min(c.feeCents, Math.round((c.feeCents * refund) / paid));
  const ownerBack = Math.min(pendingHeld, refund - feeBack);
  if (refund > 0) {
    await tx.insert(payments).values({
      userId: c.renterId,
      contractId: c.id,
      direction: 'IN',
      titleCode: 'INREFUND',
      status: 'COMPLETED',
      amountCents: refund,
      createdTs: now,
      completedTs: now,
    });
    if (ownerBack > 0) {
      await tx.insert(payments).values({
        userId: c.ownerId,
        contractId: c.id,
        direction: 'OUT',
        titleCode: 'OUTREFUND',
        status: 'COMPLETED',
        amountCents: ownerBack,
        createdTs: now,
        completedTs: now,
      });
    }
    await postLedger(tx, {
      kind: 'REFUND',
      idempotencyKey: `contract:${c.id}:refund`,
      contractId: c.id,
      now,
      entries: [
        { account: accounts.wallet(c.renterId), userId: c.renterId, amountCents: refund },
        { account: accounts.pending(c.ownerId), userId: c.ownerId, amountCents: -ownerBack },
        { account: accounts.fees, amountCents: -(refund - ownerBack) },
      ],
    });
  }
  await realiseContract(tx, c, now);
}

/**
 * The owner's pending rent of one contract to their wallet (pending → wallet) and the owner's
 * INPAYMENT_FOR_RENT row COMPLETED. Idempotent per contract.
 */
export async function realiseContract(tx: Tx, c: Pick<ContractRow, 'id' | 'ownerId'>, now: Date): Promise<void> {
  const held = await contractAccountSum(tx, c.id, accounts.pending(c.ownerId), ['CONTRACT_PAYMENT', 'REFUND', 'REALISATION']);
  if (held > 0) {
    await postLedger(tx, {
      kind: 'REALISATION',
      idempotencyKey: `contract:${c.id}:realisation`,
      contractId: c.id,
      now,
      entries: [
        { account: accounts.pending(c.ownerId), userId: c.ownerId, amountCents: -held },
        { account: accounts.wallet(c.ownerId), userId: c.ownerId, amountCents: held },
      ],
    });
  }
  await tx
    .update(payments)
    .set({ status: 'COMPLETED', completedTs: now })
    .where(
      and(
        eq(payments.contractId, c.id),
        eq(payments.userId, c.ownerId),
        eq(payments.titleCode, 'INPAYMENT_FOR_RENT'),
        eq(payments.status, 'PENDING'),
      ),
    );
  // A returned rental whose rent is now the owner's is done ('Lõpetatud, maksed edastatud', ADR 0043).
  await tx
    .update(contracts)
    .set({ status: 'FINISHED', updatedTs: now })
    .where(and(eq(contracts.id, c.id), eq(contracts.status, 'RETURNED')));
}

/**
 * Realises the rent of every rental that has ended (end passed, not cancelled, not under an open
 * dispute: an APPEALED contract's rent waits for the operator's decision, ADR 0045) and still has an
 * owner's pending payment; for one owner when `ownerId` is given (the on-read path). Each
 * contract in its own transaction under its row lock, so several instances may sweep at once.
 */
export async function realiseEndedRentals(db: Db, now: Date, ownerId?: number): Promise<number> {
  const due = await db
    .selectDistinct({ id: contracts.id })
    .from(payments)
    .innerJoin(contracts, eq(contracts.id, payments.contractId))
    .where(
      and(
        eq(payments.titleCode, 'INPAYMENT_FOR_RENT'),
        eq(payments.status, 'PENDING'),
        lte(contracts.endTs, now),
        ne(contracts.status, 'CANCELLED'),
        ownerId === undefined ? undefined : eq(payments.userId, ownerId),
      ),
    )
    .limit(500);
  for (const { id } of due) {
    await withTransaction(db, async (tx) => {
      const [c] = await tx
        .select()
        .from(contracts)
        .where(and(eq(contracts.id, id), inArray(contracts.status, ['ACCEPTED', 'CAPTURED', 'RETURNED', 'FINISHED', 'SOLVED'])))
        .for('update')
        .limit(1);
      if (c && c.endTs.getTime() <= now.getTime()) await realiseContract(tx, c, now);
    });
  }
  return due.length;
}
