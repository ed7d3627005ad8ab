import { eq } from 'drizzle-orm';
import { ROLES } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import type { AdminUser } from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { reservations } from '../../db/schema';
import { withTransaction, type Tx } from '../../db/transaction';
import { ApiError } from '../../lib/api-error';
import type { OperatorRepository } from '../../repositories/operator-repository';
import { lockReservation, updateReservation } from '../../repositories/reservation-repository';
import { productName } from '../../repositories/booking-product';
import { recordNotice } from '../../repositories/party-notices';
import { period } from '../booking/rules';

const e = messages.errors.operator;
const userNotFound = () => new ApiError(404, 'NOT_FOUND', e.userNotFound);

/**
 * Suspending and reinstating accounts (issue 31, ADR 0045). One transaction each: the user row is
 * locked, the flag written, and for a suspension every session ended and every open request the
 * user waits on (as renter or as owner) declined by the system, the other party told; the audit
 * row is written in the same transaction, so the log has exactly the actions that happened.
 */
export class UserSuspension {
  constructor(
    private readonly db: Db,
    private readonly repo: OperatorRepository,
  ) {}

  async suspend(input: {
    actorId: number;
    userId: number;
    reason: string;
    now: Date;
  }): Promise<{ user: AdminUser; declinedRequests: number }> {
    if (input.actorId === input.userId) throw new ApiError(409, 'INVALID_STATUS', e.notSelf);
    return withTransaction(this.db, async (tx) => {
      const target = await this.repo.lockUser(tx, input.userId);
      if (!target) throw userNotFound();
      // One operator cannot lock the others out: an admin account is changed outside the console.
      if (target.roles.includes(ROLES.admin)) throw new ApiError(409, 'INVALID_STATUS', e.notAdmin);
      if (target.suspended) throw new ApiError(409, 'INVALID_STATUS', e.alreadySuspended);
      await this.repo.setSuspension(tx, input.userId, { reason: input.reason, now: input.now });
      const sessionsEnded = await this.repo.endSessions(tx, input.userId);
      const declined = await this.declineOpenRequests(tx, input.userId, input.now);
      await this.repo.audit(tx, {
        actorId: input.actorId,
        action: 'USER_SUSPENDED',
        targetUserId: input.userId,
        reason: input.reason,
        details: { sessionsEnded, declinedReservationIds: declined },
        now: input.now,
      });
      return { user: (await this.repo.findUser(tx, input.userId)) as AdminUser, declinedRequests: declined.length };
    });
  }

  async reinstate(input: { actorId: number; userId: number; reason?: string; now: Date }): Promise<AdminUser> {
    return withTransaction(this.db, async (tx) => {
      const target = await this.repo.lockUser(tx, input.userId);
      if (!target) throw userNotFound();
      if (!target.suspended) throw new ApiError(409, 'INVALID_STATUS', e.notSuspended);
      await this.repo.setSuspension(tx, input.userId, null);
      await this.repo.audit(tx, {
        actorId: input.actorId,
        action: 'USER_REINSTATED',
        targetUserId: input.userId,
        reason: input.reason || null,
        details: { suspendedReason: target.suspendedReason, suspendedTs: target.suspendedTs },
        now: input.now,
      });
      return (await this.repo.findUser(tx, input.userId)) as AdminUser;
    });
  }

  /**
   * Declines, by the system, every REQUESTED reservation of the user, whichever side they are on;
   * each is locked in the order of ADR 0013 (product, then reservation) and skipped if it moved on
   * meanwhile. Accepted contracts are left alone: money may have moved, so they are the operator's.
   */
  private async declineOpenRequests(tx: Tx, userId: number, now: Date): Promise<number[]> {
    const declined: number[] = [];
    for (const id of await this.repo.openRequestIds(tx, userId)) {
      const r = await lockReservation(tx, eq(reservations.id, id));
      if (!r || r.status !== 'REQUESTED') continue;
      await updateReservation(tx, r.id, { status: 'DECLINED_BY_SYSTEM', declineReason: 'DECLINED_BY_SYSTEM', updatedTs: now });
      declined.push(r.id);
      const other = r.productOwnerId === userId ? r.userId : r.productOwnerId;
      if (other === null) continue;
      const product = await productName(tx, r.productId);
      await recordNotice(
        tx,
        'PRODUCT_RENTAL_UPDATE',
        {
          userId: other,
          product,
          hash: r.hash,
          message: format(messages.notifications.requestClosedBySuspension, { product, ...period(r) }),
        },
        r.id,
        r.productId,
        now,
      );
    }
    return declined;
  }
}
