import crypto from 'node:crypto';
import { validateIban } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { MarkPaidAnswer, PendingPayout } from 'shared-kernel/schemas';
import { payoutExpectedDate, tallinnIsoDate } from 'shared-kernel/time';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import type { OperatorRepository } from '../../repositories/operator-repository';
import type { PayoutRepository, PendingWithdrawalRow } from '../../repositories/payout-repository';
import { buildPain001 } from './sepa-pain001';

const e = messages.errors.operator;
const fullName = (r: { name: string; lastName: string | null }) => [r.name, r.lastName].filter(Boolean).join(' ');
const notPending = () => new ApiError(409, 'INVALID_STATUS', e.payoutsNotPending);

/** A file's MsgId: the time and 8 random hex digits, so two exports in one second still differ (≤ 35 characters). */
export function newMsgId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `RENDIME-${stamp}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
}

/** A payout's EndToEndId: the withdrawal's own id, the same in every file it appears in, so a bank can spot a repeat. */
export const endToEndId = (paymentId: number) => `RENDIME-W${paymentId}`;

/**
 * Paying withdrawals out (issue 31, ADR 0045): the due list, the SEPA export and 'mark paid', each
 * written to the audit log in the transaction that does it.
 */
export class Payouts {
  constructor(
    private readonly db: Db,
    private readonly repo: PayoutRepository,
    private readonly audit: OperatorRepository,
    private readonly account: AppConfig['payoutAccount'],
  ) {}

  async pending(): Promise<PendingPayout[]> {
    return (await this.repo.pending()).map((r) => ({
      paymentId: r.paymentId,
      userId: r.userId,
      name: fullName(r),
      iban: r.accountNr,
      ibanValid: r.accountNr !== null && validateIban(r.accountNr),
      amountCents: r.amountCents,
      createdTs: r.createdTs.toISOString(),
      expectedDate: payoutExpectedDate(r.createdTs),
      exportedMsgId: r.payoutMsgId,
    }));
  }

  /**
   * The chosen withdrawals as one pain.001 file, paid from the platform's account to each user's
   * IBAN. All or nothing: one that is no longer pending, or a user without a valid IBAN, refuses
   * the whole file, so the file and the records never disagree.
   */
  async export(input: {
    actorId: number;
    paymentIds: readonly number[];
    reexport?: boolean;
    now: Date;
  }): Promise<{ xml: string; msgId: string }> {
    return withTransaction(this.db, async (tx) => {
      // Locked (FOR UPDATE): a parallel export of the same ids waits here and then sees them exported.
      const rows = await this.repo.lockPending(tx, input.paymentIds);
      if (rows.length !== input.paymentIds.length) throw notPending();
      const exported = input.reexport ? undefined : rows.find((r) => r.payoutMsgId !== null);
      if (exported) {
        throw new ApiError(
          409,
          'ALREADY_EXPORTED',
          format(e.payoutAlreadyExported, { id: exported.paymentId, msgId: exported.payoutMsgId ?? '' }),
        );
      }
      const bad = rows.find((r) => r.accountNr === null || !validateIban(r.accountNr));
      if (bad) throw new ApiError(409, 'NO_ACCOUNT_NR', format(e.payoutInvalidIban, { name: fullName(bad) }));
      const msgId = newMsgId(input.now);
      const xml = buildPain001({
        msgId,
        createdAt: input.now,
        executionDate: tallinnIsoDate(input.now),
        debtor: this.account,
        transfers: rows.map((r) => ({
          endToEndId: endToEndId(r.paymentId),
          amountCents: r.amountCents,
          creditor: { name: fullName(r), iban: r.accountNr as string },
          remittance: `Rendime väljamakse ${r.paymentId}`,
        })),
      });
      await this.repo.markExported(tx, input.paymentIds, msgId);
      await this.audit.audit(tx, {
        actorId: input.actorId,
        action: 'PAYOUTS_EXPORTED',
        details: { msgId, paymentIds: rows.map((r) => r.paymentId), totalCents: total(rows) },
        now: input.now,
      });
      return { xml, msgId };
    });
  }

  /** The bank has the file: each withdrawal becomes COMPLETED and leaves the ledger's payouts-pending. */
  async markPaid(input: { actorId: number; paymentIds: readonly number[]; now: Date }): Promise<MarkPaidAnswer> {
    return withTransaction(this.db, async (tx) => {
      const rows = await this.repo.lockPending(tx, input.paymentIds);
      if (rows.length !== input.paymentIds.length) throw notPending();
      const unexported = rows.find((r) => r.payoutMsgId === null);
      if (unexported) throw new ApiError(409, 'INVALID_STATUS', format(e.payoutNotExported, { id: unexported.paymentId }));
      for (const row of rows) {
        await this.repo.markPaid(tx, row, input.now);
        await this.audit.audit(tx, {
          actorId: input.actorId,
          action: 'PAYOUT_PAID',
          targetUserId: row.userId,
          paymentId: row.paymentId,
          details: { amountCents: row.amountCents, msgId: row.payoutMsgId },
          now: input.now,
        });
      }
      return { paidPaymentIds: rows.map((r) => r.paymentId), paidCents: total(rows) };
    });
  }
}

const total = (rows: PendingWithdrawalRow[]) => rows.reduce((sum, r) => sum + r.amountCents, 0);
