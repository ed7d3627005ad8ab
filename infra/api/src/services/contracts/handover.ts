import { eq } from 'drizzle-orm';
import { formatEuros, handoverOpensAt, lateReturnFee } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages/server';
import { rentalSpan } from 'shared-kernel/time';
import type { Tx } from '../../db/transaction';
import { contracts, reservations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { formatTallinn } from '../../lib/tallinn-time';
import type { ReservationRow } from '../../repositories/reservation-repository';
import type { PartyNotice } from '../../repositories/party-notices';
import { realiseContract } from '../payments/contract-money';
import { chargeLateFee } from '../payments/late-fee';
import { noticeOtherParty, snapshotOf } from './contract-notice';
import { contractPermissions, contractRole, handoverOpen, type ContractFacts } from './contract-rules';

type ContractRow = typeof contracts.$inferSelect;

interface Marking {
  c: ContractRow;
  r: ReservationRow;
  facts: ContractFacts;
  viewerId: number;
  now: Date;
}

const t = messages.errors.rentalLife;

/**
 * A party marks the handover under the contract's locks: the renter's mark (received, 'Toode käes')
 * moves ACCEPTED to CAPTURED, the owner's (handed over) is recorded beside it. Neither before the
 * window of RENTAL_LIFE opens.
 */
export async function markReceivedIn(tx: Tx, m: Marking): Promise<PartyNotice | null> {
  const { c, r, viewerId, now } = m;
  if (!contractPermissions(m.facts, viewerId, now).mayMarkReceived) {
    if (!handoverOpen(c, now)) {
      const opens = formatTallinn(new Date(handoverOpensAt(c.startTs.getTime())));
      throw new ApiError(409, 'HANDOVER_TOO_EARLY', format(t.handoverTooEarly, { time: opens }));
    }
    throw new ApiError(409, 'INVALID_STATUS', t.receiveNotAllowed);
  }
  const role = contractRole(c, viewerId);
  if (role === 'renter') {
    await tx
      .update(contracts)
      .set({ status: 'CAPTURED', renterReceivedTs: now, receivedBy: viewerId, updatedTs: now })
      .where(eq(contracts.id, c.id));
    await tx.update(reservations).set({ status: 'CAPTURED', updatedTs: now }).where(eq(reservations.id, r.id));
  } else {
    await tx.update(contracts).set({ ownerHandedOverTs: now, updatedTs: now }).where(eq(contracts.id, c.id));
  }
  const product = snapshotOf(c).product?.name ?? '';
  const notice = role === 'renter' ? messages.notifications.contractReceived : messages.notifications.contractHandedOver;
  return noticeOtherParty(tx, m, format(notice, { product }));
}

/**
 * A party marks the return. The owner's mark ends the rental (ADR 0043): the contract is RETURNED
 * (a manual rent, with no payout to wait for, FINISHED), its reservation FINISHED, and a return
 * after the end charges the terms' late fee through the ledger in this transaction. The renter's
 * mark is their own record and changes no status.
 */
export async function markReturnedIn(tx: Tx, m: Marking): Promise<PartyNotice | null> {
  const { c, r, viewerId, now } = m;
  if (!contractPermissions(m.facts, viewerId, now).mayMarkReturned) throw new ApiError(409, 'INVALID_STATUS', t.returnNotAllowed);
  const product = snapshotOf(c).product?.name ?? '';
  if (contractRole(c, viewerId) === 'renter') {
    await tx.update(contracts).set({ renterReturnedTs: now, updatedTs: now }).where(eq(contracts.id, c.id));
    const party = messages.notifications.partyRenter;
    return noticeOtherParty(tx, m, format(messages.notifications.contractReturned, { product, party }));
  }
  // The overdue time runs to the earlier of the two marks (ADR 0043): the owner alone must not decide
  // how late a renter who already marked the return was; a disagreement is a NOT_RETURNED dispute.
  const returnedMs = Math.min(now.getTime(), c.renterReturnedTs?.getTime() ?? Number.POSITIVE_INFINITY);
  const late =
    c.renterId === null
      ? null
      : lateReturnFee({ endMs: c.endTs.getTime(), returnedMs, hourly: r.hourly, unitPriceCents: agreedUnitCents(c, r) });
  const charged =
    late && late.feeCents > 0 && c.renterId !== null
      ? await chargeLateFee(tx, { id: c.id, renterId: c.renterId, ownerId: c.ownerId }, late.feeCents, now)
      : null;
  await tx
    .update(contracts)
    .set({
      status: c.status === 'MANUAL' ? 'FINISHED' : 'RETURNED',
      ownerReturnedTs: now,
      returnedTs: now,
      returnedBy: viewerId,
      lateFeeCents: charged ? late?.feeCents : null,
      lateFeeDebtCents: charged ? charged.debtCents : null,
      updatedTs: now,
    })
    .where(eq(contracts.id, c.id));
  await tx.update(reservations).set({ status: 'FINISHED', updatedTs: now }).where(eq(reservations.id, r.id));
  // After the end the rent is the owner's now (the sweep may have realised it already); an early
  // return waits for the end's sweep. Either realisation moves RETURNED to FINISHED.
  if (c.status !== 'MANUAL' && c.endTs.getTime() <= now.getTime()) await realiseContract(tx, c, now);
  let message = format(messages.notifications.contractReturned, { product, party: messages.notifications.partyOwner });
  if (late && charged) {
    const hourly = late.unit === 'hour';
    const debt = charged.debtCents > 0 ? format(t.lateFeeDebt, { debt: formatEuros(charged.debtCents) }) : '';
    message = `${message} ${format(t.lateFeeCharged, {
      product,
      units: late.units,
      unit: hourly ? t.unitHours : t.unitDays,
      fee: formatEuros(late.feeCents),
      unitPrice: hourly ? t.unitPriceHour : t.unitPriceDay,
      debt,
    })}`;
  }
  return noticeOtherParty(tx, m, message);
}

/**
 * The contract's own hour or day price: its rent over the hours (hourly) or days it was agreed for.
 * For an hourly rental on the hour tier this is the listed hourly price; a rental on a cheaper tier
 * pays twice what the renter agreed per unit, not the listing's price of today.
 */
function agreedUnitCents(c: Pick<ContractRow, 'amountCents' | 'startTs' | 'endTs'>, r: Pick<ReservationRow, 'hourly'>): number {
  const span = rentalSpan(c.startTs.getTime(), c.endTs.getTime());
  const units = r.hourly ? span.hours : span.days;
  return units > 0 ? Math.round(c.amountCents / units) : 0;
}
