import { and, asc, eq } from 'drizzle-orm';
import { format, messages } from 'shared-kernel/messages/server';
import type { ContractExtension, PaymentOrderToken } from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { contractExtensions, contracts, reservations } from '../../db/schema';
import { withTransaction, type Tx } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import { enqueueJob } from '../../repositories/job-repository';
import { accountBalance, accounts } from '../../repositories/ledger';
import { databaseError, lockReservation } from '../../repositories/reservation-repository';
import { loadForBooking } from '../../repositories/booking-product';
import type { PartyNotice } from '../../repositories/party-notices';
import { paidForContract } from '../payments/contract-money';
import type { PaymentOrders, SettleContext } from '../payments/order-port';
import { periodError } from '../availability/plan-reservation';
import { checkLength, checkPeriod } from '../availability/period-rules';
import { unavailable } from '../booking/rules';
import { contractRole } from '../contracts/contract-rules';
import {
  assertAlignedEnd,
  assertExtendable,
  extensionEnded,
  extensionNotFound,
  extensionNotOpen,
  OPEN_STATUSES,
  presentExtension,
  priceExtension,
} from './extension-rules';
import {
  addedPeriodTaken,
  balanceCovers,
  lockExtension,
  noticeParams,
  noticeParty,
  payAndApply,
  type LockedExtension,
} from './extension-money';

/** The job that lapses a request still open when the original period ends (spec 1). */
export const EXTENSION_LAPSE_JOB = 'extensions.lapse';

const t = messages.extensions;
const contractNotFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.api.contractNotFound);
const forbidden = (role: 'owner' | 'renter') => new ApiError(403, 'FORBIDDEN', role === 'owner' ? t.errors.ownerOnly : t.errors.renterOnly);

export interface ExtensionResult {
  extension: ContractExtension;
  /** The renter's balance after money moved; null when none did. */
  balanceCents: number | null;
  notices: PartyNotice[];
}

/**
 * Rental extensions (issue 31, ADR 0044). The renter asks for a new end; the availability engine
 * checks the added period; the owner accepts before the original end, which charges the
 * difference from the renter's balance at once when it covers it, or leaves it to the renter to
 * pay (balance or bank link) before that same end; a paid extension moves the end and makes a new
 * contract version. Whatever is still open at the original end lapses and charges nothing.
 */
export class ExtensionService {
  constructor(
    private readonly db: Db,
    private readonly orders: () => PaymentOrders,
  ) {}

  /** The contract's extensions, oldest first, for its two parties (anyone else: 404). */
  async list(contractId: number, viewerId: number, now: Date): Promise<ContractExtension[]> {
    const [c] = await this.db.select().from(contracts).where(eq(contracts.id, contractId)).limit(1);
    if (!c || !contractRole(c, viewerId)) throw contractNotFound();
    const rows = await this.db
      .select()
      .from(contractExtensions)
      .where(eq(contractExtensions.contractId, contractId))
      .orderBy(asc(contractExtensions.id));
    return rows.map((e) => presentExtension(e, viewerId, now));
  }

  /**
   * The renter asks for `newEndMs`. Checked under the product's row lock: the contract can be
   * extended, the end matches the rental's unit, the product's calendar allows the added period
   * (rent days and hours, vacation days, the length limits) and no other booking holds it. Priced
   * now, with the lapse job queued at the original end in the same transaction.
   */
  async request(contractId: number, viewerId: number, newEndMs: number, now: Date): Promise<ExtensionResult> {
    try {
      return await withTransaction(this.db, async (tx) => {
        const { c, r } = await this.lockContract(tx, contractId, viewerId);
        if (c.renterId !== viewerId) throw forbidden('renter');
        assertExtendable(c, r, now);
        assertAlignedEnd(r, c.endTs, newEndMs);
        const product = await loadForBooking(tx, r.productId);
        const refusal = checkLength(c.startTs.getTime(), newEndMs) ?? checkPeriod(product, c.endTs.getTime(), newEndMs, now.getTime());
        if (refusal) throw periodError(refusal);
        if (await addedPeriodTaken(tx, r, c.endTs, new Date(newEndMs))) throw unavailable();
        const price = priceExtension({
          prices: product.prices,
          reservation: r,
          newEndMs,
          paidCents: await paidForContract(tx, c),
          paidFeeCents: c.feeCents,
        });
        const [e] = await tx
          .insert(contractExtensions)
          .values({
            contractId: c.id,
            reservationId: r.id,
            renterId: viewerId,
            ownerId: c.ownerId,
            status: 'REQUESTED',
            previousEndTs: c.endTs,
            newEndTs: new Date(newEndMs),
            newAmountCents: price.amountCents,
            newVatCents: price.vatCents,
            newFeeCents: price.feeCents,
            newTier: price.tier,
            newTotalCents: price.totalCents,
            differenceCents: price.differenceCents,
            feeDifferenceCents: price.feeDifferenceCents,
            requestedTs: now,
          })
          .returning();
        await enqueueJob(tx, { name: EXTENSION_LAPSE_JOB, key: String(e.id), payload: { extensionId: e.id }, runAt: c.endTs });
        const at = { e, c, r };
        const notice = await noticeParty(tx, at, c.ownerId, format(t.notices.requested, noticeParams(at)), now);
        return { extension: presentExtension(e, viewerId, now), balanceCents: null, notices: [notice] };
      });
    } catch (error) {
      const db = databaseError(error);
      if (db?.code === '23505' && db.constraint === 'contract_extensions_one_open_uq') {
        throw new ApiError(409, 'INVALID_STATUS', t.errors.alreadyOpen, ['EXTENSION_OPEN']);
      }
      throw error;
    }
  }

  /**
   * The owner accepts, before the original end. The added period is checked again (another
   * booking may have come since the request). With a balance that covers the difference (or no
   * difference) it is paid and applied at once; otherwise it waits for the renter's payment.
   */
  async accept(extensionId: number, viewerId: number, now: Date): Promise<ExtensionResult> {
    return this.moving(async (tx) => {
      const at = await this.lockOpen(tx, extensionId, viewerId, 'owner', 'REQUESTED', now);
      const { e } = at;
      if (await addedPeriodTaken(tx, at.r, e.previousEndTs, e.newEndTs)) throw unavailable();
      const decided = { ...at, e: { ...e, decidedTs: now } };
      if (e.differenceCents === 0 || (await balanceCovers(tx, e))) {
        const notices = await payAndApply(tx, decided, now, t.notices.acceptedPaid);
        return this.answer(tx, extensionId, viewerId, now, notices, e.differenceCents > 0);
      }
      await tx.update(contractExtensions).set({ status: 'PENDING_PAYMENT', decidedTs: now }).where(eq(contractExtensions.id, e.id));
      const notice = await noticeParty(tx, at, e.renterId, format(t.notices.acceptedToPay, noticeParams(at)), now);
      return this.answer(tx, extensionId, viewerId, now, [notice], false);
    });
  }

  /** The owner declines a waiting request; nothing is charged and the end stays. */
  async decline(extensionId: number, viewerId: number, now: Date): Promise<ExtensionResult> {
    return withTransaction(this.db, async (tx) => {
      const at = await this.lockOpen(tx, extensionId, viewerId, 'owner', 'REQUESTED', now);
      await tx.update(contractExtensions).set({ status: 'DECLINED', decidedTs: now }).where(eq(contractExtensions.id, extensionId));
      const notice = await noticeParty(tx, at, at.e.renterId, format(t.notices.declined, noticeParams(at)), now);
      return this.answer(tx, extensionId, viewerId, now, [notice], false);
    });
  }

  /** The renter pays an accepted extension from the balance (INSUFFICIENT_FUNDS when it is short). */
  async payFromBalance(extensionId: number, viewerId: number, now: Date): Promise<ExtensionResult> {
    return this.moving(async (tx) => {
      const at = await this.lockOpen(tx, extensionId, viewerId, 'renter', 'PENDING_PAYMENT', now);
      if (await addedPeriodTaken(tx, at.r, at.e.previousEndTs, at.e.newEndTs)) throw unavailable();
      const notices = await payAndApply(tx, at, now);
      return this.answer(tx, extensionId, viewerId, now, notices, true);
    });
  }

  /**
   * The renter pays an accepted extension by bank link: an order for the difference, settled by
   * `settleBankLink`. The bank's money reaches the wallet whatever happens; the extension takes it
   * only while it is still payable.
   */
  async startBankLink(extensionId: number, viewerId: number, bank: string, now: Date): Promise<PaymentOrderToken> {
    const e = await withTransaction(
      this.db,
      async (tx) => (await this.lockOpen(tx, extensionId, viewerId, 'renter', 'PENDING_PAYMENT', now)).e,
    );
    return this.orders().create({
      userId: viewerId,
      amountCents: e.differenceCents,
      purpose: { kind: 'EXTENSION', extensionId },
      bank,
      returnPath: '/auth/contracts?tabId=out',
    });
  }

  /**
   * The settle handler of EXTENSION orders, in the webhook's transaction (the deposit is in the
   * wallet already): a PAID order pays the extension if it is still waiting for payment, before
   * the original end and over a free period; otherwise the money stays on the renter's balance.
   */
  async settleBankLink(extensionId: number, context: SettleContext): Promise<void> {
    if (context.outcome !== 'PAID') return;
    const at = await lockExtension(context.tx, extensionId);
    const { e } = at;
    if (e.status !== 'PENDING_PAYMENT' || context.now.getTime() >= e.previousEndTs.getTime()) return;
    if (!['ACCEPTED', 'CAPTURED'].includes(at.c.status) || at.c.endTs.getTime() !== e.previousEndTs.getTime()) return;
    if (await addedPeriodTaken(context.tx, at.r, e.previousEndTs, e.newEndTs)) return;
    if (!(await balanceCovers(context.tx, e))) return;
    await payAndApply(context.tx, at, context.now);
  }

  /** The lapse job: a request still REQUESTED or PENDING_PAYMENT at the original end lapses, and both parties are told. */
  async lapse(extensionId: number, now: Date): Promise<boolean> {
    return withTransaction(this.db, async (tx) => {
      const at = await lockExtension(tx, extensionId);
      if (!OPEN_STATUSES.includes(at.e.status) || now.getTime() < at.e.previousEndTs.getTime()) return false;
      await tx.update(contractExtensions).set({ status: 'LAPSED', lapsedTs: now }).where(eq(contractExtensions.id, extensionId));
      const message = format(t.notices.lapsed, noticeParams(at));
      await noticeParty(tx, at, at.e.renterId, message, now);
      await noticeParty(tx, at, at.e.ownerId, message, now);
      return true;
    });
  }

  /**
   * A transaction that may move an end. The added period is checked under the product's lock,
   * which every booking takes; should the exclusion constraint still refuse the move, the answer
   * is the same UNAVAILABLE, never a 500.
   */
  private async moving<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await withTransaction(this.db, fn);
    } catch (error) {
      if (databaseError(error)?.code === '23P01') throw unavailable();
      throw error;
    }
  }

  private async answer(
    tx: Tx,
    extensionId: number,
    viewerId: number,
    now: Date,
    notices: PartyNotice[],
    moneyMoved: boolean,
  ): Promise<ExtensionResult> {
    const [e] = await tx.select().from(contractExtensions).where(eq(contractExtensions.id, extensionId)).limit(1);
    const balanceCents = moneyMoved ? await accountBalance(tx, accounts.wallet(e.renterId)) : null;
    return { extension: presentExtension(e, viewerId, now), balanceCents, notices };
  }

  /** Locks the extension for `role`'s step from `status`: a non-party 404, the other party 403, a lapsed one 409. */
  private async lockOpen(
    tx: Tx,
    extensionId: number,
    viewerId: number,
    role: 'owner' | 'renter',
    status: 'REQUESTED' | 'PENDING_PAYMENT',
    now: Date,
  ): Promise<LockedExtension> {
    const at = await lockExtension(tx, extensionId);
    const { e } = at;
    if (e.ownerId !== viewerId && e.renterId !== viewerId) throw extensionNotFound();
    if ((role === 'owner' ? e.ownerId : e.renterId) !== viewerId) throw forbidden(role);
    if (e.status !== status) throw extensionNotOpen();
    if (now.getTime() >= e.previousEndTs.getTime()) throw extensionEnded();
    // The contract must still be the running one the request extended (not cancelled, returned or moved).
    if (!['ACCEPTED', 'CAPTURED'].includes(at.c.status) || at.c.endTs.getTime() !== e.previousEndTs.getTime()) throw extensionNotOpen();
    return at;
  }

  /** Locks a contract's reservation and the contract (ADR 0013's order); a non-party gets 404. */
  private async lockContract(tx: Tx, contractId: number, viewerId: number) {
    const [head] = await tx.select({ reservationId: contracts.reservationId }).from(contracts).where(eq(contracts.id, contractId)).limit(1);
    if (!head) throw contractNotFound();
    const r = await lockReservation(tx, eq(reservations.id, head.reservationId));
    const [c] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, contractId)))
      .for('update')
      .limit(1);
    if (!r || !c || !contractRole(c, viewerId)) throw contractNotFound();
    return { c, r };
  }
}
