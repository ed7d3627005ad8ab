import { quoteRental, tallinnIsoDate, tallinnLocalToEpoch } from 'shared-kernel/time';
import type { Tx } from '../db/transaction';
import { contracts, reservations } from '../db/schema';
import { newReservationHash } from '../repositories/reservation-repository';
import { contractRow } from '../services/booking/contract-writer';
import type { DemoUser } from './demo-users';

export interface DemoRentalProduct {
  id: number;
  name: string;
  startTs: string;
  costCents: number;
  prices: {
    hourCents: number | null;
    dayCents: number | null;
    threeDayCents: number | null;
    weekCents: number | null;
    twoWeekCents: number | null;
    monthCents: number | null;
    weekendDayCents: number | null;
  };
}

interface Party {
  user: DemoUser;
  id: number;
}

/** `days` whole days from the seed day, at the product's opening hour on the Tallinn wall clock. */
function atOpening(now: Date, days: number, product: DemoRentalProduct): number {
  const day = tallinnIsoDate(now.getTime() + days * 86_400_000);
  return tallinnLocalToEpoch(`${day}T${product.startTs}`);
}

/**
 * A few reservations between the demo renter and the demo private owner, so the request page,
 * the contracts tabs, my rentals and the manual cancel page have something to show: one waiting
 * request (in 45 days), one accepted and waiting for payment (in 60 days), one finished (last
 * month) and one manual rent (in 75 days). Relative to the seed time, each on its own product of
 * the owner's list or far enough apart that the exclusion constraint has nothing to refuse. The
 * owner's first two products are left free: the API tests book those.
 */
export async function seedDemoReservations(
  tx: Tx,
  opts: { now: Date; renter: Party; owner: Party; products: DemoRentalProduct[] },
): Promise<void> {
  const [requested, accepted, finished] = [opts.products[2], opts.products[3], opts.products[4]];
  if (!requested || !accepted || !finished) return;
  const { now, renter, owner } = opts;
  const insert = async (
    product: DemoRentalProduct,
    days: number,
    length: number,
    status: 'REQUESTED' | 'ACCEPTED' | 'FINISHED' | 'MANUAL',
    extra: Partial<typeof reservations.$inferInsert> = {},
  ) => {
    const startMs = atOpening(now, days, product);
    const endMs = atOpening(now, days + length, product);
    const quote =
      status === 'MANUAL' ? undefined : quoteRental({ prices: product.prices, startMs, endMs, ownerVatLiable: owner.user.allowVat });
    const [row] = await tx
      .insert(reservations)
      .values({
        hash: newReservationHash(),
        productId: product.id,
        userId: status === 'MANUAL' ? null : renter.id,
        productOwnerId: owner.id,
        kind: status === 'MANUAL' ? 'MANUAL' : 'STANDARD',
        status,
        startTs: new Date(startMs),
        endTs: new Date(endMs),
        priceCents: quote?.amountCents ?? 0,
        vatRateBp: quote?.vatRateBp ?? 0,
        priceTier: quote ? quote.rental.tier : null,
        createdTs: now,
        updatedTs: now,
        ...extra,
      })
      .returning();
    return row;
  };
  const snapshot = (p: Party) => ({
    id: p.id,
    name: p.user.name,
    lastName: p.user.lastName,
    identityCode: p.user.identityCode,
    phone: p.user.phone,
  });
  const contractOf = async (
    r: typeof reservations.$inferSelect,
    product: DemoRentalProduct,
    status: 'PENDING_PAYMENT' | 'FINISHED',
    acceptedText: string,
  ) => {
    const marks =
      status === 'FINISHED'
        ? {
            renterReceivedTs: r.startTs,
            ownerHandedOverTs: r.startTs,
            renterReturnedTs: r.endTs,
            ownerReturnedTs: r.endTs,
            returnedTs: r.endTs,
          }
        : {};
    const contractProduct = { id: product.id, name: product.name, depositCents: product.costCents };
    const row = contractRow({
      reservation: r,
      product: contractProduct,
      status,
      paidLater: false,
      acceptedText,
      owner: snapshot(owner),
      renter: snapshot(renter),
      now,
    });
    await tx.insert(contracts).values({ ...row, ...marks });
  };

  await insert(requested, 45, 3, 'REQUESTED');
  const text = 'Tere! Toote saab kätte aadressil Tamme 5, Tartu. Helista enne tulekut: +37255523456.';
  const waiting = await insert(accepted, 60, 2, 'ACCEPTED', { acceptedText: text });
  await contractOf(waiting, accepted, 'PENDING_PAYMENT', text);
  const past = await insert(finished, -30, 2, 'FINISHED', { acceptedText: text });
  await contractOf(past, finished, 'FINISHED', text);
  await insert(requested, 75, 1, 'MANUAL', { personName: 'Peeter Paju', personPhone: '+37255500000' });
}

/**
 * Manual rents on the business owner's newest product, so the owner widget (issue 17) shows free
 * days that skip booked ones: tomorrow and the day after, and the sixth day from the seed day. The
 * owner's lowest-id product, which the API tests book, is never this one.
 */
export async function seedDemoBusinessBookings(
  tx: Tx,
  opts: { now: Date; owner: Party; newest: DemoRentalProduct | undefined },
): Promise<void> {
  const product = opts.newest;
  if (!product) return;
  for (const [days, length] of [
    [1, 2],
    [6, 1],
  ] as const) {
    await tx.insert(reservations).values({
      hash: newReservationHash(),
      productId: product.id,
      userId: null,
      productOwnerId: opts.owner.id,
      kind: 'MANUAL',
      status: 'MANUAL',
      startTs: new Date(atOpening(opts.now, days, product)),
      endTs: new Date(atOpening(opts.now, days + length, product)),
      priceCents: 0,
      vatRateBp: 0,
      personName: 'Mati Kask',
      personPhone: '+37255500001',
      createdTs: opts.now,
      updatedTs: opts.now,
    });
  }
}
