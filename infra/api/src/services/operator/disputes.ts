import { eq } from 'drizzle-orm';
import { contracts } from '../../db/schema';
import { notifyParties, openDispute, productOf } from './open-dispute';
import { formatEuros } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import type { DisputeDecision, DisputeDecisionAnswer, DisputeEvidence, DisputeKind, DisputeSummary } from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { withTransaction, type Tx } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import type { ContractRow, DisputeRepository } from '../../repositories/dispute-repository';
import { accounts, postLedger } from '../../repositories/ledger';
import type { OperatorRepository } from '../../repositories/operator-repository';
import { paidForContract, realiseContract, refundCancelledContract } from '../payments/contract-money';

const e = messages.errors.operator;

type ListRow = Awaited<ReturnType<DisputeRepository['list']>>[number];

/** The terms' amounts (spec 9): 7 days' rental price, and twice the period's price for a non-return. */
export function termsAmounts(c: Pick<ContractRow, 'amountCents' | 'vatCents'>, dailyCents: number | null) {
  return { sevenDaysCents: 7 * (dailyCents ?? 0), nonReturnCents: 2 * (c.amountCents + c.vatCents) };
}

/** The penalty split 50/50 between the platform and the owner; an odd cent goes to the owner. */
export function splitPenalty(penaltyCents: number) {
  const platform = Math.floor(penaltyCents / 2);
  return { platformShareCents: platform, ownerShareCents: penaltyCents - platform };
}

/**
 * Disputes (issue 31, ADR 0045): a party's complaint moves the contract to APPEALED and holds the
 * owner's rent; an operator decides it with the terms' amounts, paid through the ledger in one
 * transaction, and the contract is SOLVED.
 */
export class Disputes {
  constructor(
    private readonly db: Db,
    private readonly repo: DisputeRepository,
    private readonly audit: OperatorRepository,
  ) {}

  /** The owner's problem report of one of the terms' kinds, on their contract. */
  async openByOwner(input: { contractId: number; userId: number; kind: DisputeKind; comment: string; now: Date }): Promise<number> {
    return withTransaction(this.db, async (tx) => {
      const [c] = await tx.select().from(contracts).where(eq(contracts.id, input.contractId)).for('update').limit(1);
      if (!c || c.ownerId !== input.userId) throw new ApiError(409, 'INVALID_STATUS', e.disputeNotAllowed);
      // The report that follows refuses a rental nobody marked handed over (ADR 0043); refusing here too
      // keeps the contract from going APPEALED for a report that is then not stored.
      if (c.renterReceivedTs === null && c.ownerHandedOverTs === null)
        throw new ApiError(409, 'NOT_HANDED_OVER', messages.errors.rentalLife.notHandedOver);
      return openDispute(tx, { contract: c, userId: input.userId, kind: input.kind, comment: input.comment, now: input.now });
    });
  }

  async list(): Promise<DisputeSummary[]> {
    const rows = await this.repo.list();
    const out: DisputeSummary[] = [];
    for (const row of rows) out.push(await this.summary(this.db, row));
    return out;
  }

  async evidence(id: number): Promise<DisputeEvidence> {
    const [row] = await this.repo.list(this.db, id);
    if (!row) throw new ApiError(404, 'NOT_FOUND', e.disputeNotFound);
    const c = row.contract;
    const renterId = c.renterId as number;
    const [talk, reports] = await Promise.all([this.repo.messagesBetween(renterId, c.ownerId), this.repo.reportsOf(c.id)]);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return {
      dispute: await this.summary(this.db, row),
      messages: talk.map((m) => ({ fromRenter: m.userId === renterId, message: m.message, createdTs: m.createdTs.toISOString() })),
      handover: {
        renterReceivedTs: iso(c.renterReceivedTs),
        ownerHandedOverTs: iso(c.ownerHandedOverTs),
        renterReturnedTs: iso(c.renterReturnedTs),
        ownerReturnedTs: iso(c.ownerReturnedTs),
      },
      reports: reports.map((r) => ({ byRenter: r.userId === renterId, comment: r.comment, createdTs: r.createdTs.toISOString() })),
      photos: [],
    };
  }

  /**
   * Decides an open dispute in one transaction: the refund goes back to the renter from what they
   * paid (the owner's held rent and the fee in proportion, ADR 0016's refund), the penalty leaves
   * the renter's wallet split 50/50 to the owner's wallet and the platform's fees, what the owner
   * keeps is realised, and the contract is SOLVED. A renter's wallet short of the penalty refuses
   * the decision whole (409 INSUFFICIENT_FUNDS).
   */
  async decide(input: { actorId: number; id: number; decision: DisputeDecision; now: Date }): Promise<DisputeDecisionAnswer> {
    return withTransaction(this.db, async (tx) => {
      const locked = await this.repo.lock(tx, input.id);
      if (!locked) throw new ApiError(404, 'NOT_FOUND', e.disputeNotFound);
      const { dispute, contract: c } = locked;
      if (dispute.status !== 'OPEN' || c.status !== 'APPEALED') throw new ApiError(409, 'INVALID_STATUS', e.disputeDecided);
      const renterId = c.renterId as number;
      const { penaltyCents, refundCents, reason } = input.decision;
      const paid = await paidForContract(tx, c);
      if (refundCents > paid) throw new ApiError(409, 'INVALID_STATUS', format(e.refundOverPaid, { amount: formatEuros(paid) }));
      if (refundCents > 0) await refundCancelledContract(tx, c, refundCents, input.now);
      else await realiseContract(tx, c, input.now);
      const split = splitPenalty(penaltyCents);
      if (penaltyCents > 0) {
        await postLedger(tx, {
          kind: 'PENALTY',
          idempotencyKey: `dispute:${dispute.id}:penalty`,
          contractId: c.id,
          now: input.now,
          memo: dispute.kind,
          entries: [
            { account: accounts.wallet(renterId), userId: renterId, amountCents: -penaltyCents },
            { account: accounts.wallet(c.ownerId), userId: c.ownerId, amountCents: split.ownerShareCents },
            { account: accounts.fees, amountCents: split.platformShareCents },
          ],
        });
      }
      const decision = { penaltyCents, refundCents, ...split, reason };
      await this.repo.decide(tx, dispute.id, decision, input.actorId, input.now);
      await this.audit.audit(tx, {
        actorId: input.actorId,
        action: 'DISPUTE_DECIDED',
        targetUserId: renterId,
        contractId: c.id,
        reason,
        details: { disputeId: dispute.id, kind: dispute.kind, ...decision },
        now: input.now,
      });
      const text = format(messages.notifications.disputeDecided, {
        product: productOf(c),
        penalty: formatEuros(penaltyCents),
        refund: formatEuros(refundCents),
      });
      await notifyParties(tx, [renterId, c.ownerId], c, text, input.now);
      return { disputeId: dispute.id, contractId: c.id, status: 'SOLVED', penaltyCents, refundCents, ...split };
    });
  }

  private async summary(db: Db | Tx, row: ListRow): Promise<DisputeSummary> {
    const { dispute: d, contract: c } = row;
    return {
      id: d.id,
      contractId: c.id,
      kind: d.kind,
      comment: d.comment,
      status: d.status,
      openedBy: d.openedBy === c.renterId ? 'renter' : 'owner',
      createdTs: d.createdTs.toISOString(),
      productName: row.productName,
      renterId: c.renterId as number,
      renterName: row.renterName,
      ownerId: c.ownerId,
      ownerName: row.ownerName,
      startTs: c.startTs.toISOString(),
      endTs: c.endTs.toISOString(),
      paidCents: await paidForContract(db, c),
      ...termsAmounts(c, row.productDailyCents),
    };
  }
}
