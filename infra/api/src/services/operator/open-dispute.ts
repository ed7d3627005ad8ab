import { eq } from 'drizzle-orm';
import { format, messages } from 'shared-kernel/messages/server';
import type { DisputeKind } from 'shared-kernel/schemas';
import { contracts, notifications } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import { insertDispute, type ContractRow } from '../../repositories/dispute-repository';

/** A contract may be disputed while the rental is on: paid, and not yet over, cancelled or settled. */
const DISPUTABLE = ['ACCEPTED', 'CAPTURED'];

export const productOf = (c: ContractRow) => (c.contractData as { product?: { name?: string } }).product?.name ?? '';

export async function notifyParties(tx: Tx, userIds: number[], c: ContractRow, message: string, now: Date): Promise<void> {
  await tx.insert(notifications).values(
    userIds.map((userId) => ({
      userId,
      type: 'PRODUCT_RENTAL_UPDATE' as const,
      message,
      referenceList: [{ type: 'CONTRACT', referenceId: c.id }],
      createdTs: now,
    })),
  );
}

/**
 * Opens a dispute inside the caller's transaction, on a contract row the caller has locked: the
 * contract goes APPEALED ('Kaebus esitatud') and its owner's rent stays held until an operator
 * decides (ADR 0045); the other party is told. A contract that is not on is refused.
 */
export async function openDispute(
  tx: Tx,
  input: { contract: ContractRow; userId: number; kind: DisputeKind; comment: string; now: Date },
): Promise<number> {
  const c = input.contract;
  if (!DISPUTABLE.includes(c.status) || c.renterId === null)
    throw new ApiError(409, 'INVALID_STATUS', messages.errors.operator.disputeNotAllowed);
  const row = await insertDispute(tx, {
    contractId: c.id,
    openedBy: input.userId,
    kind: input.kind,
    comment: input.comment.trim(),
    previousStatus: c.status,
    createdTs: input.now,
  });
  await tx.update(contracts).set({ status: 'APPEALED', updatedTs: input.now }).where(eq(contracts.id, c.id));
  const other = input.userId === c.renterId ? c.ownerId : c.renterId;
  const text = format(messages.notifications.disputeOpened, { product: productOf(c), kind: messages.domain.disputeKinds[input.kind] });
  await notifyParties(tx, [other], c, text, input.now);
  return row.id;
}
