import type { Tx } from '../../db/transaction';
import type { contracts } from '../../db/schema';
import type { ReservationRow } from '../../repositories/reservation-repository';
import { recordNotice, type PartyNotice } from '../../repositories/party-notices';
import { contractRole } from './contract-rules';

type ContractRow = typeof contracts.$inferSelect;

export interface SnapshotParty {
  id: number;
  name: string;
  lastName: string | null;
  identityCode?: string | null;
  phone: string | null;
}

/** The contractData snapshot written on accept (see ReservationRepository.accept). */
export interface ContractSnapshot {
  product?: { id: number; name: string };
  depositCents?: number;
  vatRateBp?: number;
  owner?: SnapshotParty;
  renter?: SnapshotParty | null;
  /** A manual rent's person (no account on the platform). */
  renterName?: string;
  renterPhone?: string | null;
}

export const snapshotOf = (c: ContractRow) => c.contractData as ContractSnapshot;

/** Tells the contract's other party, if there is one, what the viewer did: a notification now, and the notice the route mails. */
export async function noticeOtherParty(
  tx: Tx,
  at: { c: ContractRow; r: ReservationRow; viewerId: number; now: Date },
  message: string,
): Promise<PartyNotice | null> {
  const { c, r, viewerId, now } = at;
  const other = contractRole(c, viewerId) === 'owner' ? c.renterId : c.ownerId;
  if (other === null) return null;
  const notice: PartyNotice = { userId: other, product: snapshotOf(c).product?.name ?? '', hash: r.hash, contractId: c.id, message };
  await recordNotice(tx, 'PRODUCT_RENTAL_UPDATE', notice, r.id, r.productId, now);
  return notice;
}
