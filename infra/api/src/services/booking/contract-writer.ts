import type { Tx } from '../../db/transaction';
import { storedBreakdown } from '../../lib/stored-price';
import { insertContract, partySnapshots, type NewContractRow, type ReservationRow } from '../../repositories/reservation-repository';

/** What a contract's snapshot says of a party (spec: contractData.owner / renter). */
export interface PartySnapshot {
  id: number;
  name: string;
  lastName: string | null;
  identityCode: string | null;
  phone: string | null;
}

/**
 * The contract row of a reservation: the fee breakdown fixed in cents from the reservation's own
 * amounts and a snapshot of the product and the parties (spec: contractData), plus `extraData`
 * (the riders). One builder for the booking service and the demo data, so a demo contract has the
 * shape a real one has.
 */
export function contractRow(input: {
  reservation: ReservationRow;
  product: { id: number; name: string; depositCents: number };
  status: NewContractRow['status'];
  paidLater: boolean;
  acceptedText: string;
  owner: PartySnapshot;
  renter: PartySnapshot | null;
  extraData?: Record<string, unknown>;
  now: Date;
}): NewContractRow & { contractData: { totalCents: number } } {
  const r = input.reservation;
  const fee = storedBreakdown(r);
  return {
    reservationId: r.id,
    productId: r.productId,
    renterId: r.userId,
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
      owner: input.owner,
      renter: input.renter,
      acceptedText: input.acceptedText,
      ...input.extraData,
    },
    createdTs: input.now,
    updatedTs: input.now,
  };
}

/**
 * Writes the contract of a reservation the owner has agreed to (accept, or in advance: instant book
 * and the go-kart track), with the parties' snapshot as they are now.
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
  const row = contractRow({ ...input, owner: snapshot(r.productOwnerId), renter: renterId === null ? null : snapshot(renterId) });
  const id = await insertContract(tx, row);
  return { id, totalCents: row.contractData.totalCents };
}
