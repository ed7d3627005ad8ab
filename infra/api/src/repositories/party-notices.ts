import type { Tx } from '../db/transaction';
import { notifications } from '../db/schema';
import { enqueueMail, rentalNoticePath } from './outbox';

// What a reservation's transition tells the other party: the notification and its mail, written in the
// transition's transaction (split from reservation-repository.ts, issue 26).

/**
 * A notification recorded for the other party of a transition (with its mail, recordNotice),
 * returned so the caller can tell what was said.
 */
export interface PartyNotice {
  userId: number;
  product: string;
  message: string;
  /** The reservation's hash: the mail links to its page. */
  hash: string;
  /** Set for contract events: the mail links to the contracts page instead. */
  contractId?: number;
}

type NoticeType = 'PRODUCT_RENTAL_REQUEST_APPROVED' | 'PRODUCT_RENTAL_UPDATE';

/**
 * Records the notice in the transaction, pointing at the reservation (id and hash) and the
 * contract, and its mail in the same transaction (the outbox): both exist exactly when the
 * transition does.
 */
export async function recordNotice(
  tx: Tx,
  type: NoticeType,
  notice: PartyNotice,
  reservationId: number,
  productId: number,
  now: Date,
): Promise<void> {
  await enqueueMail(
    tx,
    { kind: 'rental-notice', userId: notice.userId, product: notice.product, message: notice.message, path: rentalNoticePath(notice) },
    now,
  );
  await tx.insert(notifications).values({
    userId: notice.userId,
    type,
    message: notice.message,
    referenceList: [
      { type: 'RESERVATION', referenceId: reservationId },
      { type: 'RESERVATION_HASH', referenceId: notice.hash },
      ...(notice.contractId === undefined ? [] : [{ type: 'CONTRACT', referenceId: notice.contractId }]),
      { type: 'PRODUCT', referenceId: productId },
    ],
    createdTs: now,
  });
}

export async function insertNotifications(tx: Tx, rows: (typeof notifications.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}
