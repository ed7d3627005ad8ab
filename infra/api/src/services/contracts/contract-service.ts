import { openDispute } from '../operator/open-dispute';
import { withTransaction, type Tx } from '../../db/transaction';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { formatEuros } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import type {
  Contract,
  ContractByHash,
  ContractInfo,
  ContractStatus,
  MyRentedProduct,
  RefundPreview,
  ReservationStatus,
} from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { contracts, productImages, reservations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { formatTallinn } from '../../lib/tallinn-time';
import { contractPermissions, contractRole, refundFor, type ContractFacts } from './contract-rules';
import { contractTotalCents, paidForContract, refundCancelledContract } from '../payments/contract-money';
import { breakdownInEuros, reservationRole } from '../../lib/stored-price';
import { lockReservation, type ReservationRow } from '../../repositories/reservation-repository';
import type { PartyNotice } from '../../repositories/party-notices';
import { noticeOtherParty, snapshotOf, type SnapshotParty } from './contract-notice';
import { markReceivedIn, markReturnedIn } from './handover';
import { presentReservation } from '../../repositories/reservation-view';

type ContractRow = typeof contracts.$inferSelect;

/** What every contract answer opens with (the list's and the reservation page's). */
const contractHead = (c: ContractRow) => ({ id: c.id, status: c.status as ContractStatus, startTs: c.startTs.toISOString() });

/**
 * A party's phone as the viewer sees it: their own always, the other party's once the contract
 * shows it (contract-rules' showOtherPhone). Manual contracts written before issue 25 carry no
 * owner phone: an absent one reads as none.
 */
const shownPhone = (p: SnapshotParty | null | undefined, mine: boolean, showOther: boolean) =>
  mine || showOther ? (p?.phone ?? null) : null;

export function contractFacts(c: ContractRow): ContractFacts {
  return {
    id: c.id,
    status: c.status as ContractStatus,
    startTs: c.startTs,
    renterId: c.renterId,
    ownerId: c.ownerId,
    paidLater: c.paidLater,
    totalCents: contractTotalCents(c),
    renterReceivedTs: c.renterReceivedTs,
    ownerHandedOverTs: c.ownerHandedOverTs,
    renterReturnedTs: c.renterReturnedTs,
    ownerReturnedTs: c.ownerReturnedTs,
  };
}

/**
 * The other party's notice of a cancelled contract. A refund of nothing says why there is none
 * (nothing was paid yet, or the schedule of spec 9 gives 0 % this close to the start) instead of
 * 'Tagastatakse 0,00 €'.
 */
function cancelNoticeText(
  product: string,
  c: Pick<ContractRow, 'startTs' | 'endTs'>,
  refund: Pick<RefundPreview, 'paidCents' | 'refundCents'>,
): string {
  const t = messages.notifications;
  const params = { product, start: formatTallinn(c.startTs), end: formatTallinn(c.endTs), refund: formatEuros(refund.refundCents) };
  if (refund.refundCents > 0) return format(t.contractCancelled, params);
  return format(refund.paidCents > 0 ? t.contractCancelledNoRefund : t.contractCancelledNothingPaid, params);
}

const notFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.api.contractNotFound);
const notAllowed = () => new ApiError(409, 'INVALID_STATUS', messages.errors.cancel.failed);

/** Contracts of the request flow: lookups for the two parties, cancel with refund, handover and return marks. */
export class ContractService {
  constructor(
    private readonly db: Db,
    private readonly filesPublicPath: string,
  ) {}

  /** `GET /reservations/{id}/contract`: null before the owner accepts; undefined for a non-party. */
  async infoByReservation(reservationId: number, viewerId: number): Promise<ContractInfo | null | undefined> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.id, reservationId)).limit(1);
    if (!r || !reservationRole(r, viewerId)) return undefined;
    const [c] = await this.db.select().from(contracts).where(eq(contracts.reservationId, r.id)).limit(1);
    return c ? { id: c.id, status: c.status as ContractStatus, startTs: c.startTs.toISOString() } : null;
  }

  /** `GET /reservations/hash/{hash}/contract`: null before the owner accepts; undefined for a non-party. */
  async byHash(hash: string, viewerId: number): Promise<ContractByHash | null | undefined> {
    const [r] = await this.db.select().from(reservations).where(eq(reservations.hash, hash)).limit(1);
    if (!r || !reservationRole(r, viewerId)) return undefined;
    const [c] = await this.db.select().from(contracts).where(eq(contracts.reservationId, r.id)).limit(1);
    if (!c) return null;
    const snapshot = snapshotOf(c);
    const showOther = contractPermissions(contractFacts(c), viewerId, new Date(0)).showOtherPhone;
    return {
      ...contractHead(c),
      endReadonly: c.endTs.toISOString(),
      automaticText: r.acceptedText,
      ownerPhone: shownPhone(snapshot.owner, c.ownerId === viewerId, showOther),
    };
  }

  async list(viewerId: number, incoming: boolean, now: Date): Promise<Contract[]> {
    const rows = await this.db
      .select()
      .from(contracts)
      .where(incoming ? eq(contracts.ownerId, viewerId) : eq(contracts.renterId, viewerId))
      .orderBy(desc(contracts.startTs), desc(contracts.id))
      .limit(500);
    return this.present(rows, viewerId, now);
  }

  async findByReservation(reservationId: number, viewerId: number, now: Date): Promise<Contract | null> {
    const [c] = await this.db.select().from(contracts).where(eq(contracts.reservationId, reservationId)).limit(1);
    if (!c || !contractRole(c, viewerId)) return null;
    return (await this.present([c], viewerId, now))[0];
  }

  async findForParty(id: number, viewerId: number, now: Date): Promise<Contract | null> {
    const [c] = await this.db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
    if (!c || !contractRole(c, viewerId)) return null;
    return (await this.present([c], viewerId, now))[0];
  }

  /** The caller's running contracts (ACCEPTED or CAPTURED), as renter or owner. */
  async acceptedCount(viewerId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(
        and(or(eq(contracts.renterId, viewerId), eq(contracts.ownerId, viewerId)), inArray(contracts.status, ['ACCEPTED', 'CAPTURED'])),
      );
    return row?.n ?? 0;
  }

  /** What cancelling would refund now; the cancellation computes it the same way under its lock. */
  async refundPreview(id: number, viewerId: number, reason: string | undefined, now: Date): Promise<RefundPreview> {
    const [c] = await this.db.select().from(contracts).where(eq(contracts.id, id)).limit(1);
    if (!c || !contractRole(c, viewerId)) throw notFound();
    return refundFor(contractFacts(c), viewerId, checkCancel(c, viewerId, reason, now), now, await paidForContract(this.db, c));
  }

  /**
   * Cancels the contract for one of its parties under the product and reservation locks: records
   * the refund, the reason and who cancelled; the reservation goes CANCELLED, which frees its time.
   */
  async cancel(
    id: number,
    viewerId: number,
    reason: string | undefined,
    now: Date,
  ): Promise<{ refund: RefundPreview; notice: PartyNotice | null }> {
    return withTransaction(this.db, async (tx) => {
      const { c, r } = await this.lockContract(tx, id, viewerId);
      const broken = checkCancel(c, viewerId, reason, now);
      // What the renter paid comes from the ledger; the refund moves in this same transaction.
      const refund = refundFor(contractFacts(c), viewerId, broken, now, await paidForContract(tx, c));
      if (broken) {
        // Issue 31: 'the item was broken' is a complaint, not a cancellation: the contract goes
        // APPEALED and an operator decides what is refunded (ADR 0045). Nothing moves now.
        await openDispute(tx, { contract: c, userId: viewerId, kind: 'BROKEN', comment: reason ?? '', now });
        return { refund: { ...refund, percent: 0, refundCents: 0 }, notice: null };
      }
      await refundCancelledContract(tx, c, refund.refundCents, now);
      await tx
        .update(contracts)
        .set({
          status: 'CANCELLED',
          cancelReason: broken ? (reason ?? null) : null,
          cancelledBy: viewerId,
          refundCents: refund.refundCents,
          updatedTs: now,
        })
        .where(eq(contracts.id, c.id));
      await tx.update(reservations).set({ status: 'CANCELLED', updatedTs: now }).where(eq(reservations.id, r.id));
      const product = snapshotOf(c).product?.name ?? '';
      const notice = await noticeOtherParty(tx, { c, r, viewerId, now }, cancelNoticeText(product, c, refund));
      return { refund, notice };
    });
  }

  /** A party marks the handover ('Toode käes' for the renter): see handover.ts for the rules. */
  async markReceived(id: number, viewerId: number, now: Date): Promise<{ notice: PartyNotice | null }> {
    return withTransaction(this.db, async (tx) => {
      const { c, r } = await this.lockContract(tx, id, viewerId);
      return { notice: await markReceivedIn(tx, { c, r, facts: contractFacts(c), viewerId, now }) };
    });
  }

  /** A party marks the return ('Toode tagastatud'); the owner's ends the rental, late or not (handover.ts). */
  async markReturned(id: number, viewerId: number, now: Date): Promise<{ notice: PartyNotice | null }> {
    return withTransaction(this.db, async (tx) => {
      const { c, r } = await this.lockContract(tx, id, viewerId);
      return { notice: await markReturnedIn(tx, { c, r, facts: contractFacts(c), viewerId, now }) };
    });
  }

  /** `GET /products/my-rented-products`: the caller's rentals as renter, with their contract and cover image. */
  async myRentedProducts(viewerId: number, statuses: ReservationStatus[] | undefined): Promise<MyRentedProduct[]> {
    const rows = await this.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.userId, viewerId), statuses && statuses.length > 0 ? inArray(reservations.status, statuses) : undefined))
      .orderBy(desc(reservations.startTs), desc(reservations.id))
      .limit(500);
    const images = await this.coverImages(rows.map((r) => r.productId));
    const out: MyRentedProduct[] = [];
    for (const r of rows) {
      const [c] = await this.db.select().from(contracts).where(eq(contracts.reservationId, r.id)).limit(1);
      out.push({
        reservation: await presentReservation(this.db, r),
        contract: c ? { id: c.id, status: c.status as ContractStatus, startTs: c.startTs.toISOString() } : null,
        imageUrl: images.get(r.productId) ?? null,
      });
    }
    return out;
  }

  /** Locks product, reservation, then contract (ADR 0013's order); a non-party gets 404. */
  private async lockContract(tx: Tx, id: number, viewerId: number): Promise<{ c: ContractRow; r: ReservationRow }> {
    const [head] = await tx.select({ reservationId: contracts.reservationId }).from(contracts).where(eq(contracts.id, id)).limit(1);
    if (!head) throw notFound();
    const r = await lockReservation(tx, eq(reservations.id, head.reservationId));
    const [c] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update').limit(1);
    if (!r || !c || !contractRole(c, viewerId)) throw notFound();
    return { c, r };
  }

  private async coverImages(productIds: number[]): Promise<Map<number, string>> {
    const map = new Map<number, string>();
    if (productIds.length === 0) return map;
    const rows = await this.db
      .select({ productId: productImages.productId, fileName: productImages.fileName })
      .from(productImages)
      .where(inArray(productImages.productId, [...new Set(productIds)]))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id));
    for (const row of rows) if (!map.has(row.productId)) map.set(row.productId, `${this.filesPublicPath}/${row.fileName}`);
    return map;
  }

  private async present(rows: ContractRow[], viewerId: number, now: Date): Promise<Contract[]> {
    if (rows.length === 0) return [];
    const resRows = await this.db
      .select()
      .from(reservations)
      .where(
        inArray(
          reservations.id,
          rows.map((c) => c.reservationId),
        ),
      );
    const images = await this.coverImages(rows.map((c) => c.productId));
    return rows.map((c) => {
      const r = resRows.find((x) => x.id === c.reservationId) as ReservationRow;
      const snapshot = snapshotOf(c);
      const rules = contractPermissions(contractFacts(c), viewerId, now);
      const role = contractRole(c, viewerId);
      const party = (p: SnapshotParty | null | undefined, mine: boolean) =>
        p ? { id: p.id, name: p.name, lastName: p.lastName, phone: shownPhone(p, mine, rules.showOtherPhone) } : null;
      const owner = party(snapshot.owner, role === 'owner') ?? { id: c.ownerId, name: '', lastName: null, phone: null };
      return {
        ...contractHead(c),
        endTs: c.endTs.toISOString(),
        reservationId: r.id,
        reservationHash: r.hash,
        hourly: r.hourly,
        product: { id: c.productId, name: snapshot.product?.name ?? '', imageUrl: images.get(c.productId) ?? null },
        renter: party(snapshot.renter, role === 'renter'),
        owner,
        manualRenter:
          r.kind === 'MANUAL' ? { name: snapshot.renterName ?? r.personName ?? '', phone: snapshot.renterPhone ?? r.personPhone } : null,
        // The lines fixed on the contract (what was charged and what its PDF shows), with the reservation's tier and VAT rate.
        price: breakdownInEuros(
          {
            amountCents: c.amountCents,
            additionalServiceCostCents: c.additionalServiceCostCents,
            vatRateBp: r.vatRateBp,
            vatCents: c.vatCents,
            ourFeeCents: c.feeCents,
            totalCents: contractTotalCents(c),
          },
          r,
        ),
        depositCents: snapshot.depositCents ?? 0,
        paidLater: c.paidLater,
        acceptedText: r.acceptedText,
        incoming: role === 'owner',
        mayPay: rules.mayPay,
        mayCancel: rules.mayCancel,
        mayReportBroken: rules.mayReportBroken,
        mayMarkReceived: rules.mayMarkReceived,
        mayMarkReturned: rules.mayMarkReturned,
        renterReceivedTs: c.renterReceivedTs?.toISOString() ?? null,
        ownerHandedOverTs: c.ownerHandedOverTs?.toISOString() ?? null,
        renterReturnedTs: c.renterReturnedTs?.toISOString() ?? null,
        ownerReturnedTs: c.ownerReturnedTs?.toISOString() ?? null,
        lateFeeCents: c.lateFeeCents,
        lateFeeDebtCents: c.lateFeeDebtCents,
        cancelReason: c.cancelReason,
        refundCents: c.refundCents,
        createdTs: c.createdTs.toISOString(),
      };
    });
  }
}

/**
 * Whether `viewerId` may cancel `c` now with `reason`; answers whether the item was reported
 * broken. The spec's dialog sends a reason only when 'item was broken' is ticked, so any reason
 * (the party's own description of the fault) is that report; not while the contract waits for
 * payment, when nothing has been handed over yet.
 */
function checkCancel(c: ContractRow, viewerId: number, reason: string | undefined, now: Date): boolean {
  const rules = contractPermissions(contractFacts(c), viewerId, now);
  if (!rules.mayCancel) throw notAllowed();
  if (reason === undefined) return false;
  if (!rules.mayReportBroken) throw new ApiError(409, 'INVALID_CANCEL_REASON', messages.errors.cancel.failed);
  return true;
}
