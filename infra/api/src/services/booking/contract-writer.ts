import type { Tx } from '../../db/transaction';
import { storedBreakdown } from '../../lib/stored-price';
import { insertContract, partySnapshots, type ReservationRow } from '../../repositories/reservation-repository';

/**
 * Writes the contract of a reservation the owner has agreed to (accept, or in advance: instant book
 * and the go-kart track): the fee breakdown fixed in cents from the reservation's own amounts and a
 * snapshot of the product and the parties (spec: contractData), plus `extraData` (the riders).
 */
export async function writeContract(
  tx: Tx,
  input: {
    reservation: ReservationRow;
    product: { id: number; name: string; depositCents: number };
    status: 'ACCEPTED' | 'PENDING_PAYMENT';
    paidLater: boolean;
    acceptedText: string;
    extraData?: Record<string, unknown>;
    now: Date;
  },
): Promise<{ id: number; totalCents: number }> {
  const r = input.reservation;
  const renterId = r.userId;
  const snapshot = await partySnapshots(tx, renterId === null ? [r.productOwnerId] : [r.productOwnerId, renterId]);
  const fee = storedBreakdown(r);
  const id = await insertContract(tx, {
    reservationId: r.id,
    productId: r.productId,
    renterId,
    ownerId: r.productOwnerId,
    status: input.status,
    startTs: r.startTs,
    endTs: r.endTs,
    amountCents: fee.amountCents,
    vatCents: fee.vatCents,
    feeCents: fee.ourFeeCents,
    additionalServiceCostCents: fee.additionalServiceCostCents,
    paidLater: input.paidLater,
    contractData: {
      product: { id: input.product.id, name: input.product.name },
      depositCents: input.product.depositCents,
      vatRateBp: r.vatRateBp,
      totalCents: fee.totalCents,
      owner: snapshot(r.productOwnerId),
      renter: renterId === null ? null : snapshot(renterId),
      acceptedText: input.acceptedText,
      ...input.extraData,
    },
    createdTs: input.now,
    updatedTs: input.now,
  });
  return { id, totalCents: fee.totalCents };
}
