import type { Reservation, ReservationStatus, ReservationUserDetails } from 'shared-kernel/schemas';
import type { Db } from '../../db/database';
import { reservationRole } from '../../lib/stored-price';
import type { GokartRepository } from '../../repositories/gokart-repository';
import type { ReservationRepository, ReservationRow } from '../../repositories/reservation-repository';
import { presentReservation } from '../../repositories/reservation-view';
import { GokartBooking } from './gokart-booking';
import { Holds } from './holds';
import { ManualRent } from './manual-rent';
import { RequestLifecycle } from './request-lifecycle';

export type { HoldOutcome, PaidHold, PayContractFromWallet } from './holds';

/**
 * The booking service (issue 26): the rules, the state machine and the notices of reservations, on
 * the data-only reservation repository. Routes translate HTTP to these calls and back.
 */
export class BookingService {
  readonly requests: RequestLifecycle;
  readonly holds: Holds;
  readonly manual: ManualRent;
  readonly gokart: GokartBooking;

  constructor(
    private readonly db: Db,
    private readonly repo: ReservationRepository,
    tracks: GokartRepository,
  ) {
    this.requests = new RequestLifecycle(db);
    this.holds = new Holds(db, repo);
    this.manual = new ManualRent(db, repo);
    this.gokart = new GokartBooking(db, tracks);
  }

  present(r: ReservationRow): Promise<Reservation> {
    return presentReservation(this.db, r);
  }

  async findById(id: number): Promise<Reservation | null> {
    const r = await this.repo.findRow(id);
    return r ? this.present(r) : null;
  }

  /** The reservation as its renter or product owner sees it; null for anyone else or a wrong product. */
  async findForParty(id: number, viewerId: number, productId?: number): Promise<Reservation | null> {
    const r = await this.repo.findRow(id);
    if (!r || (productId !== undefined && r.productId !== productId)) return null;
    if (!reservationRole(r, viewerId)) return null;
    return this.present(r);
  }

  /**
   * The reservation by its hash for one of its parties. A REQUESTED one whose start has passed is
   * declined by the system first (the stale job does the same without anyone opening it).
   */
  async findByHashForParty(hash: string, viewerId: number, now: Date): Promise<Reservation | null> {
    const r = await this.repo.findRowByHash(hash);
    if (!r || !reservationRole(r, viewerId)) return null;
    if (r.status === 'REQUESTED' && r.startTs.getTime() <= now.getTime()) {
      await this.requests.declineStaleRequests(now, r.productId);
      return this.findById(r.id);
    }
    return this.present(r);
  }

  /** The caller's reservations as owner, renter or either, soonest first. */
  async listForUser(viewerId: number, as: 'owner' | 'renter' | 'any', statuses?: ReservationStatus[]): Promise<Reservation[]> {
    const out: Reservation[] = [];
    for (const r of await this.repo.listRows(viewerId, as, statuses)) out.push(await this.present(r));
    return out;
  }

  countRequestedForOwner(ownerId: number): Promise<number> {
    return this.repo.countRequestedForOwner(ownerId);
  }

  async userDetails(id: number, viewerId: number): Promise<ReservationUserDetails | null> {
    const r = await this.repo.findRow(id);
    if (!r || !reservationRole(r, viewerId)) return null;
    return { userId: r.userId, productOwnerId: r.productOwnerId };
  }
}
